package io.github.skinmesh.vat;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Bounds;
import java.util.Map;
import java.util.Objects;

/**
 * Decodes baked textures the way the shipped GLSL and HLSL functions do, from nothing but the
 * manifest and the texture bytes: the reference that the bakers' error reports are measured with,
 * and a way for tools to read baked files back.
 *
 * <p>Addressing: element {@code i} of frame {@code f} of clip {@code c} is the texel at column
 * {@code i % width}, row {@code clips[c].firstRow + f*rowsPerFrame + i / width}. A fetch gives
 * floats as stored, halves widened, normalized integers as {@code q / (2^bits - 1)}.
 * <ul>
 *   <li>Positions: {@code p = t.xyz} for the float encodings and
 *       {@code p = min + t.xyz * (max - min)} with the manifest's bounds for the normalized ones
 *       (float arithmetic, in that order); with offsets the bind-pose position is added.</li>
 *   <li>Normals: {@code normalize(t.xyz)} for the float encodings; the octahedral decode of
 *       {@code t.xy} for the normalized ones.</li>
 *   <li>Bone rows: the three texels of bone {@code b} are elements {@code 3b, 3b+1, 3b+2}, the rows
 *       of its 3x4 skin matrix; a skinned position is
 *       {@code sum_k w_k * (dot(row0, p), dot(row1, p), dot(row2, p))} with {@code p = (x, y, z, 1)}.</li>
 * </ul>
 *
 * <p>Immutable and thread-safe; each decode call allocates only a small scratch array (4 floats, or 12
 * per influence for {@link #skinInto}).
 */
public final class VatDecoder {
    private final VatManifest manifest;
    private final VatTexture primary;
    private final VatTexture normals;
    private final float minX;
    private final float minY;
    private final float minZ;
    private final float rangeX;
    private final float rangeY;
    private final float rangeZ;

    private VatDecoder(VatManifest manifest, VatTexture primary, VatTexture normals) {
        this.manifest = manifest;
        this.primary = primary;
        this.normals = normals;
        Bounds b = manifest.bounds();
        minX = b.minX();
        minY = b.minY();
        minZ = b.minZ();
        rangeX = b.maxX() - b.minX();
        rangeY = b.maxY() - b.minY();
        rangeZ = b.maxZ() - b.minZ();
    }

    /**
     * Creates a decoder.
     *
     * @param manifest the manifest
     * @param textures the textures by role ({@code positions} and optionally {@code normals}, or
     *     {@code bones}); each must match the manifest's size and encoding
     * @return the decoder
     * @throws ValidationException when a texture the manifest lists is missing or has another size
     *     or encoding than the manifest says
     */
    public static VatDecoder of(VatManifest manifest, Map<String, VatTexture> textures) {
        Objects.requireNonNull(manifest, "manifest");
        String main = manifest.kind() == TextureKind.BONES ? "bones" : "positions";
        for (String role : manifest.textures().keySet()) {
            VatTexture t = textures.get(role);
            if (t == null) {
                throw new ValidationException("VatDecoder: texture \"" + role + "\" of the manifest is missing");
            }
            if (t.width() != manifest.width() || t.height() != manifest.height()
                    || t.encoding() != manifest.encoding()) {
                throw new ValidationException("VatDecoder: texture \"" + role + "\" is " + t.width() + "x" + t.height()
                        + " " + t.encoding().manifestName() + ", the manifest says " + manifest.width() + "x"
                        + manifest.height() + " " + manifest.encoding().manifestName());
            }
        }
        return new VatDecoder(manifest, textures.get(main),
                manifest.textures().containsKey("normals") ? textures.get("normals") : null);
    }

    /** @return the manifest */
    public VatManifest manifest() {
        return manifest;
    }

    /**
     * @param role {@code positions}, {@code normals} or {@code bones}
     * @return the texture of that role
     * @throws ValidationException when the manifest lists no such texture
     */
    public VatTexture texture(String role) {
        if (role.equals("normals") && normals != null) {
            return normals;
        }
        if (role.equals(primary.name()) && manifest.textures().containsKey(role)) {
            return primary;
        }
        throw new ValidationException("VatDecoder: no texture \"" + role + "\", the manifest lists "
                + manifest.textures().keySet());
    }

    /** @return whether a normals texture is present */
    public boolean hasNormals() {
        return normals != null;
    }

    /**
     * The texel index ({@code row * width + column}) of element {@code i} of a frame.
     *
     * @param clip clip index in the table
     * @param frame frame of that clip, {@code 0..frames-1}
     * @param element vertex index, or {@code 3*bone + row} for bone textures
     * @return the texel index
     * @throws IndexOutOfBoundsException when an index is out of range
     */
    public long texelIndex(int clip, int frame, int element) {
        VatClip c = manifest.clips().get(clip);
        Objects.checkIndex(frame, c.frames());
        Objects.checkIndex(element, manifest.kind() == TextureKind.BONES ? 3 * manifest.elementCount()
                : manifest.elementCount());
        int w = manifest.width();
        long row = c.firstRow() + (long) frame * manifest.rowsPerFrame() + element / w;
        return row * w + element % w;
    }

    /**
     * Decodes a vertex's position.
     *
     * @param clip clip index
     * @param frame frame of the clip
     * @param vertex vertex index
     * @param bindPositions bind-pose positions ({@code 3*vertexCount} floats) when the manifest has
     *     offsets; ignored (may be null) otherwise
     * @param dst receives x, y, z from {@code offset}
     * @param offset first float written
     * @return {@code dst}
     * @throws ValidationException when this is not a vertex texture, or offsets need bind positions that are missing
     * @throws IndexOutOfBoundsException when an index is out of range
     */
    public float[] positionInto(int clip, int frame, int vertex, float @org.jspecify.annotations.Nullable [] bindPositions,
            float[] dst, int offset) {
        requireKind(TextureKind.VERTEX, "positionInto");
        float[] t = new float[4];
        TexelCodec.fetch(primary.data(), texelIndex(clip, frame, vertex), primary.encoding(), t, 0);
        decodePosition(t, dst, offset);
        if (manifest.offsets()) {
            if (bindPositions == null) {
                throw new ValidationException("VatDecoder.positionInto: the texture holds offsets, bind positions are"
                        + " required");
            }
            dst[offset] += bindPositions[3 * vertex];
            dst[offset + 1] += bindPositions[3 * vertex + 1];
            dst[offset + 2] += bindPositions[3 * vertex + 2];
        }
        return dst;
    }

    /** Position (or offset) from a fetched texel, as the shader computes it. */
    void decodePosition(float[] t, float[] dst, int offset) {
        if (manifest.encoding().isNormalized()) {
            dst[offset] = TexelCodec.denormalize(t[0], minX, rangeX);
            dst[offset + 1] = TexelCodec.denormalize(t[1], minY, rangeY);
            dst[offset + 2] = TexelCodec.denormalize(t[2], minZ, rangeZ);
        } else {
            dst[offset] = t[0];
            dst[offset + 1] = t[1];
            dst[offset + 2] = t[2];
        }
    }

    /**
     * Decodes a vertex's normal (unit length).
     *
     * @param clip clip index
     * @param frame frame of the clip
     * @param vertex vertex index
     * @param dst receives x, y, z from {@code offset}
     * @param offset first float written
     * @return {@code dst}
     * @throws ValidationException when there is no normals texture
     * @throws IndexOutOfBoundsException when an index is out of range
     */
    public float[] normalInto(int clip, int frame, int vertex, float[] dst, int offset) {
        if (normals == null) {
            throw new ValidationException("VatDecoder.normalInto: the manifest lists no normals texture");
        }
        float[] t = new float[4];
        TexelCodec.fetch(normals.data(), texelIndex(clip, frame, vertex), normals.encoding(), t, 0);
        decodeNormal(t, dst, offset);
        return dst;
    }

    void decodeNormal(float[] t, float[] dst, int offset) {
        decodeNormal(manifest.encoding(), t, dst, offset);
    }

    /** Normal from a fetched texel, as the shader computes it. */
    static void decodeNormal(VatEncoding encoding, float[] t, float[] dst, int offset) {
        if (encoding.isNormalized()) {
            Octahedral.decode(t[0], t[1], dst, offset);
        } else {
            float len = (float) Math.sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
            dst[offset] = t[0] / len;
            dst[offset + 1] = t[1] / len;
            dst[offset + 2] = t[2] / len;
        }
    }

    /**
     * Reads the three rows of a bone's 3x4 skin matrix.
     *
     * @param clip clip index
     * @param frame frame of the clip
     * @param bone palette entry
     * @param dst receives 12 floats from {@code offset}: row 0, row 1, row 2
     * @param offset first float written
     * @return {@code dst}
     * @throws ValidationException when this is not a bone texture
     * @throws IndexOutOfBoundsException when an index is out of range
     */
    public float[] boneRowsInto(int clip, int frame, int bone, float[] dst, int offset) {
        requireKind(TextureKind.BONES, "boneRowsInto");
        Objects.checkIndex(bone, manifest.elementCount());
        Objects.checkFromIndexSize(offset, 12, dst.length);
        for (int r = 0; r < 3; r++) {
            TexelCodec.fetch(primary.data(), texelIndex(clip, frame, 3 * bone + r), primary.encoding(), dst,
                    offset + 4 * r);
        }
        return dst;
    }

    /**
     * Skins one position with the bone texture, as the vertex shader does.
     *
     * @param clip clip index
     * @param frame frame of the clip
     * @param x bind-pose x
     * @param y bind-pose y
     * @param z bind-pose z
     * @param joints palette entries, {@code influences} from {@code from}
     * @param weights their weights, {@code influences} from {@code from}
     * @param from first slot
     * @param influences slots per vertex
     * @param dst receives x, y, z from {@code offset}
     * @param offset first float written
     * @return {@code dst}
     * @throws ValidationException when this is not a bone texture
     * @throws IndexOutOfBoundsException when an index is out of range
     */
    public float[] skinInto(int clip, int frame, float x, float y, float z, int[] joints, float[] weights, int from,
            int influences, float[] dst, int offset) {
        float[] rows = new float[12 * influences];
        for (int k = 0; k < influences; k++) {
            boneRowsInto(clip, frame, joints[from + k], rows, 12 * k);
        }
        skin(rows, null, x, y, z, weights, from, influences, dst, offset);
        return dst;
    }

    /** Decodes every bone's rows of a frame: {@code 12*boneCount} floats into {@code dst}. */
    void paletteInto(int clip, int frame, float[] dst) {
        for (int b = 0; b < manifest.elementCount(); b++) {
            boneRowsInto(clip, frame, b, dst, 12 * b);
        }
    }

    /**
     * The shader's blend: {@code sum_k w_k * (dot(row0, p), dot(row1, p), dot(row2, p))}. With
     * {@code joints == null} influence {@code k}'s rows are at {@code rows[12k]}; otherwise at
     * {@code rows[12 * joints[from + k]]} (a whole decoded palette).
     */
    static void skin(float[] rows, int @org.jspecify.annotations.Nullable [] joints, float x, float y, float z,
            float[] weights, int from, int influences, float[] dst, int offset) {
        float px = 0;
        float py = 0;
        float pz = 0;
        for (int k = 0; k < influences; k++) {
            float w = weights[from + k];
            int m = 12 * (joints == null ? k : joints[from + k]);
            px += w * (rows[m] * x + rows[m + 1] * y + rows[m + 2] * z + rows[m + 3]);
            py += w * (rows[m + 4] * x + rows[m + 5] * y + rows[m + 6] * z + rows[m + 7]);
            pz += w * (rows[m + 8] * x + rows[m + 9] * y + rows[m + 10] * z + rows[m + 11]);
        }
        dst[offset] = px;
        dst[offset + 1] = py;
        dst[offset + 2] = pz;
    }

    private void requireKind(TextureKind kind, String method) {
        if (manifest.kind() != kind) {
            throw new ValidationException("VatDecoder." + method + ": the manifest's kind is "
                    + manifest.kind().manifestName() + ", expected " + kind.manifestName());
        }
    }
}
