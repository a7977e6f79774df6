package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Skeleton;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Options of {@link Combine#combine} and {@link Combine#plan}. Start from {@link #DEFAULTS} and
 * change fields with the {@code with...} methods.
 *
 * @param name the name of the result (character, part and mesh), or {@code null} (default) for
 *     the first non-empty of: the clip source's name (see {@code clipSource}), the first input
 *     part's name, {@link #DEFAULT_NAME}
 * @param skeleton the target skeleton, or {@code null} (default) for the union of the inputs'
 *     skeletons by bone name (see {@link Combine#combine})
 * @param clipSource the character whose clips the result keeps, or {@code null} (default) for the
 *     first input's character (none when it has no character)
 * @param remap the unknown-bone and inverse-bind policies and the bind matrix tolerance; default
 *     {@link RemapOptions#DEFAULTS}
 * @param bindUnattachedTo the bone to which a part with neither a skin nor an attach bone is bound
 *     rigidly, or {@code null} (default) to reject such a part. The part keeps its place at the
 *     rest pose of its input's skeleton (its inverse bind matrix is the inverse of that bone's
 *     rest model matrix there) and then follows the bone
 * @param palette which bones the result's palette holds; default {@link PaletteBones#WEIGHTED}
 * @param morphNameClash what happens when two parts have morph targets of one name; default
 *     {@link MorphNameClash#MERGE}
 * @param welding seam welding; default {@link Welding#NONE}
 * @param weldDistance the largest distance between welded positions, model units, finite,
 *     {@code >= 0}; default 1e-5
 * @param weldTolerance the largest difference between welded UV components and between welded
 *     (normalized) bone weights, finite, 0..1; default 1e-5
 * @param deviationSamples poses per kept clip, evenly spaced over its keys' time span, at which
 *     the deviation of inexact bind corrections is measured (besides the rest pose), 0..1024;
 *     default 8
 */
public record CombineOptions(@Nullable String name, @Nullable Skeleton skeleton, @Nullable Character clipSource,
        RemapOptions remap, @Nullable String bindUnattachedTo, PaletteBones palette, MorphNameClash morphNameClash,
        Welding welding, float weldDistance, float weldTolerance, int deviationSamples) {
    /** The result's name when {@code name} is null and the clip source and the first input are unnamed. */
    public static final String DEFAULT_NAME = "combined";
    /** Largest {@code deviationSamples}. */
    public static final int MAX_DEVIATION_SAMPLES = 1024;

    /**
     * The union skeleton, clips of the first input's character, strict remapping with kept bind
     * matrices, unattached rigid parts rejected, only weighted bones in the palette, morph targets
     * merged by name, no welding.
     */
    public static final CombineOptions DEFAULTS = new CombineOptions(null, null, null, RemapOptions.DEFAULTS, null,
            PaletteBones.WEIGHTED, MorphNameClash.MERGE, Welding.NONE, 1e-5f, 1e-5f, 8);

    /** Which bones of the skeleton the result's palette holds, always in skeleton order. */
    public enum PaletteBones {
        /** The bones that carry weight in some vertex. */
        WEIGHTED,
        /** Every bone of the skeleton. */
        ALL
    }

    /** What happens when morph targets of two parts have the same name. */
    public enum MorphNameClash {
        /**
         * They are one target of the result (the second target of a name with the second target
         * of that name in another part, and so on), each part's deltas in its own vertices; its
         * default weight is the first part's, another part's different default weight is warned
         * about; of two clip channels animating it, the first part's wins (warned about).
         */
        MERGE,
        /**
         * The later part's targets of a name an earlier part used are renamed
         * {@code name.partName} (with {@code #2}, {@code #3}... appended while that is taken), so
         * every target keeps its own weight. Each rename is warned about.
         */
        RENAME,
        /** Two parts with a target of one name are an error naming both parts and the target. */
        REJECT
    }

    /** Seam welding between parts. */
    public enum Welding {
        /** Vertices are not welded. */
        NONE,
        /**
         * A vertex on an open edge of its part (an edge only one of its triangles uses) merges
         * into the first earlier such vertex of another part at the same position (within
         * {@code weldDistance}) with the same influences (bones and normalized weights within
         * {@code weldTolerance}), the same UVs in every channel (within {@code weldTolerance}) and
         * the same position deltas in every morph target (within {@code weldDistance}). The merged
         * vertex keeps the first vertex's streams. A vertex absorbs at most one vertex of each
         * other part, so a part's own split vertices stay split.
         */
        SEAMS,
        /** As {@link #SEAMS}, and a merged vertex's normal is the normalized sum of the merged normals
         * (its tangent is made orthogonal to it again, handedness kept). */
        SEAMS_AVERAGE_NORMALS
    }

    /**
     * Validates the options.
     *
     * @param name result name or {@code null}
     * @param skeleton target skeleton or {@code null}
     * @param clipSource clip source or {@code null}
     * @param remap remap options
     * @param bindUnattachedTo a bone name or {@code null}
     * @param palette palette policy
     * @param morphNameClash morph name policy
     * @param welding welding mode
     * @param weldDistance weld distance
     * @param weldTolerance weld tolerance
     * @param deviationSamples poses per clip
     * @throws io.github.skinmesh.core.ValidationException when a number is out of range or the
     *     bone name is empty
     * @throws NullPointerException when a policy is null
     */
    public CombineOptions {
        Objects.requireNonNull(remap, "remap");
        Objects.requireNonNull(palette, "palette");
        Objects.requireNonNull(morphNameClash, "morphNameClash");
        Objects.requireNonNull(welding, "welding");
        Checks.requireRange("CombineOptions", "weldDistance", weldDistance, 0f, Float.MAX_VALUE);
        Checks.requireRange("CombineOptions", "weldTolerance", weldTolerance, 0f, 1f);
        Checks.requireRange("CombineOptions", "deviationSamples", deviationSamples, 0, MAX_DEVIATION_SAMPLES);
        if (bindUnattachedTo != null && bindUnattachedTo.isEmpty()) {
            throw new io.github.skinmesh.core.ValidationException(
                    "CombineOptions: bindUnattachedTo is empty, expected a bone name or null");
        }
    }

    /**
     * @param value the result's name (may be empty)
     * @return a copy with that name
     */
    public CombineOptions withName(String value) {
        return new CombineOptions(Objects.requireNonNull(value, "name"), skeleton, clipSource, remap, bindUnattachedTo,
                palette, morphNameClash, welding, weldDistance, weldTolerance, deviationSamples);
    }

    /**
     * @param value the target skeleton, or {@code null} for the union of the inputs' skeletons
     * @return a copy with that skeleton
     */
    public CombineOptions withSkeleton(@Nullable Skeleton value) {
        return new CombineOptions(name, value, clipSource, remap, bindUnattachedTo, palette, morphNameClash, welding,
                weldDistance, weldTolerance, deviationSamples);
    }

    /**
     * @param value the character whose clips the result keeps, or {@code null} for the first
     *     input's character
     * @return a copy with that clip source
     */
    public CombineOptions withClipSource(@Nullable Character value) {
        return new CombineOptions(name, skeleton, value, remap, bindUnattachedTo, palette, morphNameClash, welding,
                weldDistance, weldTolerance, deviationSamples);
    }

    /**
     * The target skeleton and clips of a character: the result is built on its skeleton and keeps
     * its clips (its parts are combined only when they are among the inputs).
     *
     * @param character the character
     * @return a copy with {@code skeleton} and {@code clipSource} set from it
     */
    public CombineOptions withSkeletonOf(Character character) {
        return withSkeleton(character.skeleton()).withClipSource(character);
    }

    /**
     * @param value the remap options
     * @return a copy with them
     */
    public CombineOptions withRemap(RemapOptions value) {
        return new CombineOptions(name, skeleton, clipSource, value, bindUnattachedTo, palette, morphNameClash, welding,
                weldDistance, weldTolerance, deviationSamples);
    }

    /**
     * @param value the bone unattached rigid parts are bound to, or {@code null} to reject them
     * @return a copy with it
     */
    public CombineOptions withBindUnattachedTo(@Nullable String value) {
        return new CombineOptions(name, skeleton, clipSource, remap, value, palette, morphNameClash, welding,
                weldDistance, weldTolerance, deviationSamples);
    }

    /**
     * @param value the palette policy
     * @return a copy with it
     */
    public CombineOptions withPalette(PaletteBones value) {
        return new CombineOptions(name, skeleton, clipSource, remap, bindUnattachedTo, value, morphNameClash, welding,
                weldDistance, weldTolerance, deviationSamples);
    }

    /**
     * @param value the morph name clash policy
     * @return a copy with it
     */
    public CombineOptions withMorphNameClash(MorphNameClash value) {
        return new CombineOptions(name, skeleton, clipSource, remap, bindUnattachedTo, palette, value, welding,
                weldDistance, weldTolerance, deviationSamples);
    }

    /**
     * @param value the welding mode
     * @return a copy with it
     */
    public CombineOptions withWelding(Welding value) {
        return new CombineOptions(name, skeleton, clipSource, remap, bindUnattachedTo, palette, morphNameClash, value,
                weldDistance, weldTolerance, deviationSamples);
    }

    /**
     * @param value the weld distance, model units, {@code >= 0}
     * @return a copy with it
     * @throws io.github.skinmesh.core.ValidationException when out of range
     */
    public CombineOptions withWeldDistance(float value) {
        return new CombineOptions(name, skeleton, clipSource, remap, bindUnattachedTo, palette, morphNameClash, welding,
                value, weldTolerance, deviationSamples);
    }

    /**
     * @param value the weld tolerance of UVs and weights, 0..1
     * @return a copy with it
     * @throws io.github.skinmesh.core.ValidationException when out of range
     */
    public CombineOptions withWeldTolerance(float value) {
        return new CombineOptions(name, skeleton, clipSource, remap, bindUnattachedTo, palette, morphNameClash, welding,
                weldDistance, value, deviationSamples);
    }

    /**
     * @param value poses per kept clip for the deviation measurement, 0..{@value #MAX_DEVIATION_SAMPLES}
     * @return a copy with it
     * @throws io.github.skinmesh.core.ValidationException when out of range
     */
    public CombineOptions withDeviationSamples(int value) {
        return new CombineOptions(name, skeleton, clipSource, remap, bindUnattachedTo, palette, morphNameClash, welding,
                weldDistance, weldTolerance, value);
    }
}
