package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One part to combine, with the skeleton its bone names refer to and, when it was taken from a
 * {@link Character}, that character (whose clips may animate it: its morph-weight channels
 * target the part by name).
 *
 * <p>Parts of different characters combine by bone name, so each input brings its own skeleton;
 * inputs of one character share it. What the input's skeleton is used for: the union of skeletons
 * when no target skeleton is given, the ancestry of a bone that the target lacks (see
 * {@link RemapOptions.UnknownBones#MOVE_TO_ANCESTOR}), and the rest pose of the bone an unattached
 * rigid part is bound to (see {@link CombineOptions#bindUnattachedTo()}).
 *
 * <p>Immutable and thread-safe.
 */
public final class CombineInput {
    private final Skeleton skeleton;
    private final Part part;
    private final @Nullable Character source;

    private CombineInput(Skeleton skeleton, Part part, @Nullable Character source) {
        this.skeleton = Objects.requireNonNull(skeleton, "skeleton");
        this.part = Objects.requireNonNull(part, "part");
        this.source = source;
        if (source != null) {
            return; // the character checked its parts' bones against this skeleton when it was built
        }
        String where = "combine input: part " + Checks.quote(part.name());
        String attach = part.attachBone();
        if (attach != null && skeleton.indexOf(attach) < 0) {
            throw new ValidationException(where + ": attach bone " + Checks.quote(attach) + " is not in skeleton "
                    + Checks.quote(skeleton.name()));
        }
        Skin skin = part.mesh().skin();
        if (skin != null) {
            for (int e = 0; e < skin.paletteSize(); e++) {
                if (skeleton.indexOf(skin.boneName(e)) < 0) {
                    throw new ValidationException(where + ": palette entry " + e + " bone "
                            + Checks.quote(skin.boneName(e)) + " is not in skeleton " + Checks.quote(skeleton.name()));
                }
            }
        }
    }

    /**
     * A part on a skeleton, from no character (no clip animates its morph weights).
     *
     * @param skeleton the skeleton whose bone names the part's palette and attach bone use
     * @param part the part
     * @return the input
     * @throws ValidationException when the attach bone or a palette bone is not in the skeleton
     */
    public static CombineInput of(Skeleton skeleton, Part part) {
        return new CombineInput(skeleton, part, null);
    }

    /**
     * A part of a character, on the character's skeleton.
     *
     * @param character the character the part belongs to
     * @param part one of the character's parts
     * @return the input
     * @throws ValidationException when the character has no such part (by name and value)
     */
    public static CombineInput of(Character character, Part part) {
        Objects.requireNonNull(character, "character");
        Objects.requireNonNull(part, "part");
        Part own = character.part(part.name());
        if (own == null || (own != part && !own.equals(part))) {
            throw new ValidationException("combine input: part " + Checks.quote(part.name())
                    + " is not a part of character " + Checks.quote(character.name()));
        }
        return new CombineInput(character.skeleton(), part, character);
    }

    /**
     * Every part of a character, in order.
     *
     * @param character the character
     * @return one input per part, read-only
     */
    public static List<CombineInput> allOf(Character character) {
        Objects.requireNonNull(character, "character");
        List<CombineInput> inputs = new ArrayList<>(character.parts().size());
        for (Part p : character.parts()) {
            inputs.add(new CombineInput(character.skeleton(), p, character));
        }
        return List.copyOf(inputs);
    }

    /**
     * Every part of several characters, character by character.
     *
     * @param characters the characters
     * @return one input per part, read-only
     */
    public static List<CombineInput> allOf(List<Character> characters) {
        List<CombineInput> inputs = new ArrayList<>();
        for (Character c : characters) {
            inputs.addAll(allOf(c));
        }
        return List.copyOf(inputs);
    }

    /** @return the skeleton the part's bone names refer to */
    public Skeleton skeleton() {
        return skeleton;
    }

    /** @return the part */
    public Part part() {
        return part;
    }

    /** @return the character the part was taken from, or {@code null} */
    public @Nullable Character source() {
        return source;
    }

    /**
     * Tells whether this input's part comes from {@code character}: the same object, or an equal
     * one.
     *
     * @param character a character or {@code null}
     * @return whether the input's source is that character
     */
    boolean isFrom(@Nullable Character character) {
        return character != null && source != null && (source == character || source.equals(character));
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof CombineInput)) {
            return false;
        }
        CombineInput i = (CombineInput) o;
        return skeleton.equals(i.skeleton) && part.equals(i.part) && Objects.equals(source, i.source);
    }

    @Override
    public int hashCode() {
        return Objects.hash(skeleton, part);
    }

    @Override
    public String toString() {
        return "CombineInput[" + part + " on " + skeleton + (source != null ? " of " + source : "") + "]";
    }
}
