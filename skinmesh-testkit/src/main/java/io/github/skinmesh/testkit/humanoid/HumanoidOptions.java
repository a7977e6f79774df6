package io.github.skinmesh.testkit.humanoid;

import io.github.skinmesh.atlas.image.PngCompression;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.testkit.internal.Arguments;
import java.util.Objects;

/**
 * Options of {@link Humanoids#generate(long, HumanoidOptions)}. Every combination of valid values
 * gives a valid character; the seed, not the options, varies proportions and colors.
 *
 * @param restPose the rest pose, which is also the bind pose; default {@link RestPose#A_POSE}
 * @param detail tessellation density, {@value #MIN_DETAIL}..{@value #MAX_DETAIL}: multiplies the
 *     segment counts around and along every surface, so vertex counts grow about with its square;
 *     default 1 (about 10,000 vertices in all)
 * @param influencesPerVertex bone influences per vertex {@code K} of every part's skin,
 *     1..{@value BoneWeights#MAX_INFLUENCES}; each vertex keeps its {@code K} nearest bones of its
 *     surface's bone set, then drops weights below 1%; default 4
 * @param keyRate key frequency of the LINEAR channels in hertz, {@value #MIN_KEY_RATE}..
 *     {@value #MAX_KEY_RATE}; default 30
 * @param paletteOrder how each part orders its bone palette; default {@link PaletteOrder#SHUFFLED}
 * @param headInterpolation interpolation of the idle clip's head rotation channel: STEP and LINEAR
 *     use keys at {@code keyRate}, CUBICSPLINE uses a key about every half second with exact
 *     tangents; default {@link Interpolation#CUBICSPLINE}
 * @param faceMorphs whether the head has morph targets; default {@link FaceMorphs#MOUTH_AND_BROWS}
 * @param textureCompression how the generated PNG textures are compressed; default
 *     {@link PngCompression#DEFLATE} ({@link PngCompression#STORED} writes larger files faster; both
 *     give identical bytes on every Java runtime)
 */
public record HumanoidOptions(RestPose restPose, float detail, int influencesPerVertex, float keyRate,
        PaletteOrder paletteOrder, Interpolation headInterpolation, FaceMorphs faceMorphs,
        PngCompression textureCompression) {
    /** Smallest {@link #detail()}. */
    public static final float MIN_DETAIL = 0.25f;
    /** Largest {@link #detail()}. */
    public static final float MAX_DETAIL = 4f;
    /** Smallest {@link #keyRate()} in hertz. */
    public static final float MIN_KEY_RATE = 1f;
    /** Largest {@link #keyRate()} in hertz. */
    public static final float MAX_KEY_RATE = 240f;

    /** A-pose, detail 1, 4 influences, 30 Hz keys, shuffled palettes, cubic head, face morphs, deflated PNGs. */
    public static final HumanoidOptions DEFAULTS = new HumanoidOptions(RestPose.A_POSE, 1f, 4, 30f,
            PaletteOrder.SHUFFLED, Interpolation.CUBICSPLINE, FaceMorphs.MOUTH_AND_BROWS, PngCompression.DEFLATE);

    /**
     * Validates the options.
     *
     * @param restPose the rest pose
     * @param detail tessellation density
     * @param influencesPerVertex influences per vertex
     * @param keyRate key frequency in hertz
     * @param paletteOrder palette order
     * @param headInterpolation interpolation of the idle head channel
     * @param faceMorphs face morph targets
     * @param textureCompression PNG compression
     * @throws ValidationException when {@code detail}, {@code influencesPerVertex} or
     *     {@code keyRate} is out of its range (NaN included)
     */
    public HumanoidOptions {
        Objects.requireNonNull(restPose, "restPose");
        Objects.requireNonNull(paletteOrder, "paletteOrder");
        Objects.requireNonNull(headInterpolation, "headInterpolation");
        Objects.requireNonNull(faceMorphs, "faceMorphs");
        Objects.requireNonNull(textureCompression, "textureCompression");
        String where = "HumanoidOptions";
        Arguments.requireRange(where, "detail", detail, MIN_DETAIL, MAX_DETAIL);
        Arguments.requireRange(where, "influencesPerVertex", influencesPerVertex, 1, BoneWeights.MAX_INFLUENCES);
        if (!(keyRate >= MIN_KEY_RATE && keyRate <= MAX_KEY_RATE)) {
            throw new ValidationException(where + ": keyRate=" + keyRate + ", expected " + MIN_KEY_RATE + ".."
                    + MAX_KEY_RATE + " Hz");
        }
    }

    /**
     * @param value the rest pose
     * @return a copy with that rest pose
     */
    public HumanoidOptions withRestPose(RestPose value) {
        return new HumanoidOptions(value, detail, influencesPerVertex, keyRate, paletteOrder, headInterpolation,
                faceMorphs, textureCompression);
    }

    /**
     * @param value tessellation density, {@value #MIN_DETAIL}..{@value #MAX_DETAIL}
     * @return a copy with that detail
     * @throws ValidationException when {@code value} is out of range
     */
    public HumanoidOptions withDetail(float value) {
        return new HumanoidOptions(restPose, value, influencesPerVertex, keyRate, paletteOrder, headInterpolation,
                faceMorphs, textureCompression);
    }

    /**
     * @param value influences per vertex, 1..{@value BoneWeights#MAX_INFLUENCES}
     * @return a copy with that influence count
     * @throws ValidationException when {@code value} is out of range
     */
    public HumanoidOptions withInfluencesPerVertex(int value) {
        return new HumanoidOptions(restPose, detail, value, keyRate, paletteOrder, headInterpolation, faceMorphs,
                textureCompression);
    }

    /**
     * @param value key frequency in hertz, {@value #MIN_KEY_RATE}..{@value #MAX_KEY_RATE}
     * @return a copy with that key rate
     * @throws ValidationException when {@code value} is out of range
     */
    public HumanoidOptions withKeyRate(float value) {
        return new HumanoidOptions(restPose, detail, influencesPerVertex, value, paletteOrder, headInterpolation,
                faceMorphs, textureCompression);
    }

    /**
     * @param value the palette order
     * @return a copy with that palette order
     */
    public HumanoidOptions withPaletteOrder(PaletteOrder value) {
        return new HumanoidOptions(restPose, detail, influencesPerVertex, keyRate, value, headInterpolation,
                faceMorphs, textureCompression);
    }

    /**
     * @param value interpolation of the idle clip's head rotation channel
     * @return a copy with that interpolation
     */
    public HumanoidOptions withHeadInterpolation(Interpolation value) {
        return new HumanoidOptions(restPose, detail, influencesPerVertex, keyRate, paletteOrder, value, faceMorphs,
                textureCompression);
    }

    /**
     * @param value whether the head has morph targets
     * @return a copy with that setting
     */
    public HumanoidOptions withFaceMorphs(FaceMorphs value) {
        return new HumanoidOptions(restPose, detail, influencesPerVertex, keyRate, paletteOrder, headInterpolation,
                value, textureCompression);
    }

    /**
     * @param value the PNG compression of the textures
     * @return a copy with that compression
     */
    public HumanoidOptions withTextureCompression(PngCompression value) {
        return new HumanoidOptions(restPose, detail, influencesPerVertex, keyRate, paletteOrder, headInterpolation,
                faceMorphs, value);
    }
}
