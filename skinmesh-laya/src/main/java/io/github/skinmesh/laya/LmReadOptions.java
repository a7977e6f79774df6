package io.github.skinmesh.laya;

import java.util.Objects;

/**
 * Options of {@link LayaModels#read(byte[], LmReadOptions)}.
 *
 * @param convention the coordinate convention the mesh is returned in: {@link LmConvention#LAYA}
 *     (the default) keeps the file's data as stored, so that writing it back with
 *     {@link LmConvention#LAYA} gives the same bytes; {@link LmConvention#GLTF} and
 *     {@link LmConvention#UNITY} undo what the writer of that convention does
 */
public record LmReadOptions(LmConvention convention) {
    /** The file's own space, data as stored. */
    public static final LmReadOptions DEFAULTS = new LmReadOptions(LmConvention.LAYA);

    /**
     * @param convention the convention the mesh is returned in
     * @throws NullPointerException when {@code convention} is null
     */
    public LmReadOptions {
        Objects.requireNonNull(convention, "convention");
    }

    /**
     * @param value the convention the mesh is returned in
     * @return a copy with that convention
     */
    public LmReadOptions withConvention(LmConvention value) {
        return new LmReadOptions(value);
    }
}
