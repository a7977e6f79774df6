package io.github.skinmesh.laya;

import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.partition.PartitionMode;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Options of {@link LayaModels#write(io.github.skinmesh.core.model.Mesh, LmWriteOptions)}.
 *
 * @param convention the coordinate convention of the mesh handed to the writer; default
 *     {@link LmConvention#GLTF}
 * @param maxBones the most bones one draw may bind when the writer partitions, 1..{@value #MAX_BONES_LIMIT}
 *     (a local bone index is one byte); default {@value #LAYA_MAX_BONES}, the engine's limit
 * @param mode how the writer partitions: {@link PartitionMode#GREEDY} groups triangles exactly as
 *     LayaAir's Unity exporter, {@link PartitionMode#OPTIMIZED} needs fewer draws and copies; default
 *     {@link PartitionMode#OPTIMIZED}
 * @param draws whether the mesh's own draws are kept or always replaced; default {@link LmDraws#KEEP}
 * @param bounds the bounds stored in the file, in the file's space, or {@code null} (the default)
 *     for the bounds of the written positions; a mesh read from a file is written back byte for
 *     byte with the bounds the file stored ({@link LmReadResult#storedBounds()})
 */
public record LmWriteOptions(LmConvention convention, int maxBones, PartitionMode mode, LmDraws draws,
        @Nullable Bounds bounds) {
    /** The bone limit of LayaAir's skinning shaders ({@code u_Bones[24]}). */
    public static final int LAYA_MAX_BONES = 24;
    /** The most bones a draw can address with one-byte local indices. */
    public static final int MAX_BONES_LIMIT = 256;
    /** glTF convention, 24 bones, optimized partitions, draws kept, bounds of the positions. */
    public static final LmWriteOptions DEFAULTS = new LmWriteOptions(LmConvention.GLTF, LAYA_MAX_BONES,
            PartitionMode.OPTIMIZED, LmDraws.KEEP, null);

    /**
     * Validates the options.
     *
     * @param convention the source convention
     * @param maxBones the bone limit per draw, 1..{@value #MAX_BONES_LIMIT}
     * @param mode the partition mode
     * @param draws the draw policy
     * @param bounds the stored bounds or {@code null}
     * @throws io.github.skinmesh.core.ValidationException when {@code maxBones} is out of range or a
     *     bounds component is infinite
     * @throws NullPointerException when {@code convention}, {@code mode} or {@code draws} is null
     */
    public LmWriteOptions {
        Objects.requireNonNull(convention, "convention");
        Checks.requireRange("LmWriteOptions", "maxBones", maxBones, 1, MAX_BONES_LIMIT);
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(draws, "draws");
        if (bounds != null) {
            float[] c = {bounds.minX(), bounds.minY(), bounds.minZ(), bounds.maxX(), bounds.maxY(), bounds.maxZ()};
            for (int i = 0; i < 6; i++) {
                if (!Float.isFinite(c[i])) {
                    throw new io.github.skinmesh.core.ValidationException("LmWriteOptions: bounds component " + i
                            + " is " + c[i] + ", expected a finite value");
                }
            }
        }
    }

    /**
     * @param value the source convention
     * @return a copy with that convention
     */
    public LmWriteOptions withConvention(LmConvention value) {
        return new LmWriteOptions(value, maxBones, mode, draws, bounds);
    }

    /**
     * @param value the bone limit per draw, 1..{@value #MAX_BONES_LIMIT}
     * @return a copy with that limit
     * @throws io.github.skinmesh.core.ValidationException when the value is out of range
     */
    public LmWriteOptions withMaxBones(int value) {
        return new LmWriteOptions(convention, value, mode, draws, bounds);
    }

    /**
     * @param value the partition mode
     * @return a copy with that mode
     */
    public LmWriteOptions withMode(PartitionMode value) {
        return new LmWriteOptions(convention, maxBones, value, draws, bounds);
    }

    /**
     * @param value the draw policy
     * @return a copy with that policy
     */
    public LmWriteOptions withDraws(LmDraws value) {
        return new LmWriteOptions(convention, maxBones, mode, value, bounds);
    }

    /**
     * @param value the bounds to store, in the file's space, or {@code null} for those of the positions
     * @return a copy with those bounds
     * @throws io.github.skinmesh.core.ValidationException when a component is infinite
     */
    public LmWriteOptions withBounds(@Nullable Bounds value) {
        return new LmWriteOptions(convention, maxBones, mode, draws, value);
    }
}
