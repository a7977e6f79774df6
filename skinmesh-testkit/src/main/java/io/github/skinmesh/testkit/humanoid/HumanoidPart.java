package io.github.skinmesh.testkit.humanoid;

/**
 * The separately skinned outfit parts of a {@link Humanoid}, in the order of
 * {@link Humanoid#parts()}. Each part is one mesh with one material and its own bone palette.
 */
public enum HumanoidPart {
    /** A hair cap over the crown and the back of the head: alpha-masked, double-sided material. */
    HAIR("hair"),
    /** Head and neck, one closed surface; carries the face morph targets when enabled. */
    HEAD("head"),
    /** Shirt: the trunk from the waist to the neck and both sleeves down to the wrists. */
    TORSO("torso"),
    /** Trousers: the pelvis and both legs down to the ankles. */
    LEGS("legs"),
    /** Gloves: palms, four fingers and a thumb per hand, each a closed surface. */
    HANDS("hands"),
    /** Shoes, one closed surface per foot. */
    SHOES("shoes");

    private final String meshName;

    HumanoidPart(String meshName) {
        this.meshName = meshName;
    }

    /**
     * @return the part's mesh name, also the name of its material and (with a {@code .png}
     *     suffix) of its texture image, for example {@code "hair"}
     */
    public String meshName() {
        return meshName;
    }
}
