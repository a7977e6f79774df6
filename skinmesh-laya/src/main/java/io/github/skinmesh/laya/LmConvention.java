package io.github.skinmesh.laya;

import io.github.skinmesh.core.model.Bounds;

/**
 * The coordinate convention of the data on the caller's side of the {@code .lm} writer and reader.
 * A {@code .lm} file holds LayaAir space: right-handed, +Y up, UV origin top-left, clockwise front
 * faces, {@code cross(normal, tangent.xyz) * w} pointing towards increasing v. Each constant says
 * how data in its convention maps to the file; every mapping is its own inverse (the reader applies
 * the same one to come back), exactly so but for the V flip of {@link #UNITY}, whose {@code 1 - v}
 * may round in the last bit. Colors, weights and {@code NORMAL_BYTE} bytes are the same in every
 * convention.
 */
public enum LmConvention {
    /**
     * glTF conventions (right-handed, +Y up, counter-clockwise front faces, UV origin top-left), as
     * LayaAir's own glTF importer takes them: positions, normals, UVs and inverse bind matrices
     * kept, the winding of every triangle reversed ({@code (a, b, c) -> (a, c, b)}), tangent
     * {@code w} negated. The default, like the rest of skinmesh.
     */
    GLTF,
    /**
     * Unity's conventions (left-handed, +Y up, UV origin bottom-left), as LayaAir's Unity exporter
     * converts them: x of positions, normals and tangents negated (tangent {@code w} kept), UVs
     * {@code (u, 1 - v)}, triangle order kept, each inverse bind matrix {@code B} stored as
     * {@code M B M} with {@code M = diag(-1, 1, 1, 1)}, bounds mirrored.
     */
    UNITY,
    /** The file's own space: everything written and read as it is. */
    LAYA;

    /** @return the factor applied to x of positions, normals and tangents: -1 or 1 */
    float xSign() {
        return this == UNITY ? -1f : 1f;
    }

    /** @return the factor applied to tangent w: -1 or 1 */
    float tangentWSign() {
        return this == GLTF ? -1f : 1f;
    }

    /** @return whether v becomes {@code 1 - v} */
    boolean flipsV() {
        return this == UNITY;
    }

    /** @return whether the second and third index of every triangle swap */
    boolean reversesWinding() {
        return this == GLTF;
    }

    /** @return whether inverse bind matrices are conjugated by the x mirror */
    boolean mirrorsBindPoses() {
        return this == UNITY;
    }

    /**
     * Maps a box between this convention and the file's space (either way: the mapping is its own
     * inverse): mirrored in x for {@link #UNITY}, else the same box.
     *
     * @param b the box
     * @return the mapped box; {@code b} itself when nothing changes
     */
    Bounds mapBounds(Bounds b) {
        return xSign() < 0 ? new Bounds(-b.maxX(), b.minY(), b.minZ(), -b.minX(), b.maxY(), b.maxZ()) : b;
    }
}
