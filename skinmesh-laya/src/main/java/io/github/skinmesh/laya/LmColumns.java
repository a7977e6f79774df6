package io.github.skinmesh.laya;

import org.jspecify.annotations.Nullable;

/**
 * The columns of an interleaved {@code .lm} vertex buffer and where each sits within a vertex:
 * what a {@link LmCodec} packs into the buffer. Positions, normals and tangents are written with
 * their x multiplied by {@link #xSign}, the tangent's w by {@link #wSign}; UVs with v replaced by
 * {@code 1 - v} when {@link #flipV}; colors, weights and the packed local bone slots as they are;
 * NORMAL_BYTE values as bytes. An absent column is null and its offset -1.
 *
 * <p>Array lengths, for {@code n} vertices: positions and normals {@code 3n}, colors, weights,
 * tangents and NORMAL_BYTE values {@code 4n}, each UV set {@code 2n}, local slots {@code n}.
 * Holds the arrays it is given (no copy); not thread-safe while they change.
 */
final class LmColumns {
    final int n;
    final int stride;
    final float xSign;
    final float wSign;
    final boolean flipV;
    final float[] positions;
    final int positionAt;
    final float @Nullable [] normals;
    final int normalAt;
    final float @Nullable [] colors;
    final int colorAt;
    final float @Nullable [] uv0;
    final int uv0At;
    final float @Nullable [] uv1;
    final int uv1At;
    final float @Nullable [] weights;
    final int weightAt;
    final int @Nullable [] localSlots;
    final int localAt;
    final float @Nullable [] tangents;
    final int tangentAt;
    final float @Nullable [] normalBytes;
    final int normalByteAt;

    /**
     * The columns of the writer's declaration, in {@link LmElement} order, each present column
     * right after the previous one (UV1 only with UV, local slots with the weights).
     */
    LmColumns(int n, LmConvention convention, float[] positions, float @Nullable [] normals,
            float @Nullable [] colors, float @Nullable [] uv0, float @Nullable [] uv1, float @Nullable [] weights,
            int @Nullable [] localSlots, float @Nullable [] tangents, float @Nullable [] normalBytes) {
        assert uv1 == null || uv0 != null;
        assert (weights == null) == (localSlots == null);
        this.n = n;
        this.xSign = convention.xSign();
        this.wSign = convention.tangentWSign();
        this.flipV = convention.flipsV();
        this.positions = positions;
        this.normals = normals;
        this.colors = colors;
        this.uv0 = uv0;
        this.uv1 = uv1;
        this.weights = weights;
        this.localSlots = localSlots;
        this.tangents = tangents;
        this.normalBytes = normalBytes;
        int at = 0;
        positionAt = at;
        at += LmElement.POSITION.bytes();
        normalAt = normals != null ? at : -1;
        at += normals != null ? LmElement.NORMAL.bytes() : 0;
        colorAt = colors != null ? at : -1;
        at += colors != null ? LmElement.COLOR.bytes() : 0;
        uv0At = uv0 != null ? at : -1;
        at += uv0 != null ? LmElement.UV.bytes() : 0;
        uv1At = uv1 != null ? at : -1;
        at += uv1 != null ? LmElement.UV1.bytes() : 0;
        weightAt = weights != null ? at : -1;
        at += weights != null ? LmElement.BLENDWEIGHT.bytes() : 0;
        localAt = weights != null ? at : -1;
        at += weights != null ? LmElement.BLENDINDICES.bytes() : 0;
        tangentAt = tangents != null ? at : -1;
        at += tangents != null ? LmElement.TANGENT.bytes() : 0;
        normalByteAt = normalBytes != null ? at : -1;
        at += normalBytes != null ? LmElement.NORMAL_BYTE.bytes() : 0;
        stride = at;
    }

    /**
     * The columns a reader fills, at the offsets a file's declaration gives ({@code -1} for an
     * absent element): {@code weights} receives the BLENDWEIGHT floats, the BLENDINDICES bytes at
     * {@code localAt} are resolved by the reader's decoder (no column).
     */
    LmColumns(int n, int stride, LmConvention convention, float[] positions, int positionAt,
            float @Nullable [] normals, int normalAt, float @Nullable [] colors, int colorAt,
            float @Nullable [] uv0, int uv0At, float @Nullable [] uv1, int uv1At,
            float @Nullable [] weights, int weightAt, int localAt, float @Nullable [] tangents, int tangentAt,
            float @Nullable [] normalBytes, int normalByteAt) {
        this.n = n;
        this.stride = stride;
        this.xSign = convention.xSign();
        this.wSign = convention.tangentWSign();
        this.flipV = convention.flipsV();
        this.positions = positions;
        this.positionAt = positionAt;
        this.normals = normals;
        this.normalAt = normalAt;
        this.colors = colors;
        this.colorAt = colorAt;
        this.uv0 = uv0;
        this.uv0At = uv0At;
        this.uv1 = uv1;
        this.uv1At = uv1At;
        this.weights = weights;
        this.weightAt = weightAt;
        this.localSlots = null;
        this.localAt = localAt;
        this.tangents = tangents;
        this.tangentAt = tangentAt;
        this.normalBytes = normalBytes;
        this.normalByteAt = normalByteAt;
    }
}
