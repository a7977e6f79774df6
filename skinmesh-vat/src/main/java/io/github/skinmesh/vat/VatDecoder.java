package io.github.skinmesh.vat;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Bounds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Decodes baked textures the way the shipped GLSL and HLSL functions do, from nothing but the
 * manifest and the texture bytes: the reference that the bakers' error reports are measured with,
 * and a way for tools to read baked files back.
 *
 * <p>Addressing: element {@code i} of frame {@code f} of clip {@code c} is the texel at column
 * {@code i % width}, row {@code clips[c].firstRow + f*rowsPerFrame + i / width} of the textures of
 * page {@code clips[c].page}. A fetch gives floats as stored, halves widened, normalized integers
 * as {@code q / (2^bits - 1)}.
 * <ul>
 *   <li>Positions: {@code p = t.xyz} for the float encodings and
 *       {@code p = min + t.xyz * (max - min)} with the manifest's bounds for the normalized ones
 *       (float arithmetic, in that order); with offsets the bind-pose position is added.</li>
 *   <li>Normals: {@code normalize(t.xyz)} for the float encodings; the octahedral decode of
 *       {@code t.xy} for the normalized ones.</li>
 *   <li>Tangents: the direction as a normal, and the handedness {@code t.w} for the float
 *       encodings ({@code -1} or {@code +1} as baked), {@code t.w * 2 - 1} for the normalized ones.</li>
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
    /** Per page, the textures in the order of {@link #ROLES}; null where the manifest lists none. */
    private final VatTexture[][] pages;
    private final float minX;
    private final float minY;
    private final float minZ;
    private final float rangeX;
    private final float rangeY;
    private final float rangeZ;

    /** The roles this decoder reads, in the order of the per-page arrays. */
    private static final List<String> ROLES = List.of("positions", "normals", "tangents", "bones");
    private static final int POSITIONS = 0;
    private static final int NORMALS = 1;
    private static final int TANGENTS = 2;
    private static final int BONES = 3;

    private VatDecoder(VatManifest manifest, VatTexture[][] pages) {
        this.manifest = manifest;
        this.pages = pages;
        Bounds b = manifest.bounds();
        minX = b.minX();
        minY = b.minY();
        minZ = b.minZ();
        rangeX = b.maxX() - b.minX();
        rangeY = b.maxY() - b.minY();
        rangeZ = b.maxZ() - b.minZ();
    }

    /**
     * Creates a decoder of a manifest of one page.
     *
     * @param manifest the manifest
     * @param textures the textures by role ({@code positions} and optionally {@code normals} and
     *     {@code tangents}, or {@code bones}); each must match the manifest's size and encoding
     * @return the decoder
     * @throws ValidationException when the manifest has several pages (use {@link #of(VatManifest, List)}),
     *     or a texture the manifest lists is missing or has another size or encoding than the
     *     manifest says
     */
    public static VatDecoder of(VatManifest manifest, Map<String, VatTexture> textures) {
        Objects.requireNonNull(manifest, "manifest");
        if (manifest.pageCount() != 1) {
            throw new ValidationException("VatDecoder: the manifest has " + manifest.pageCount()
                    + " pages, a map of textures by role holds one; pass the textures of every page as a list");
        }
        List<VatTexture> list = new ArrayList<>();
        for (String role : manifest.textures().keySet()) {
            VatTexture t = textures.get(role);
            if (t == null) {
                throw new ValidationException("VatDecoder: texture \"" + role + "\" of the manifest is missing");
            }
            list.add(t.page() == 0 ? t : new VatTexture(t.name(), 0, t.width(), t.height(), t.encoding(), t.data()));
        }
        return of(manifest, list);
    }

    /**
     * Creates a decoder.
     *
     * @param manifest the manifest
     * @param textures the textures of every page: for each page of the manifest and each role it
     *     lists, the texture of that {@link VatTexture#name() name} and {@link VatTexture#page() page},
     *     matching the manifest's size and encoding; others are ignored
     * @return the decoder
     * @throws ValidationException when a texture the manifest lists is missing, given twice, or has
     *     another size or encoding than the manifest says
     */
    public static VatDecoder of(VatManifest manifest, List<VatTexture> textures) {
        Objects.requireNonNull(manifest, "manifest");
        VatTexture[][] pages = new VatTexture[manifest.pageCount()][ROLES.size()];
        for (VatTexture t : textures) {
            int role = ROLES.indexOf(t.name());
            if (role < 0 || t.page() >= pages.length || !manifest.textures().containsKey(t.name())) {
                continue;
            }
            String what = "VatDecoder: texture \"" + t.name() + "\""
                    + (pages.length == 1 ? "" : " of page " + t.page());
            if (pages[t.page()][role] != null) {
                throw new ValidationException(what + " is given twice");
            }
            if (t.width() != manifest.width() || t.height() != manifest.height()
                    || t.encoding() != manifest.encoding()) {
                throw new ValidationException(what + " is " + t.width() + "x" + t.height() + " "
                        + t.encoding().manifestName() + ", the manifest says " + manifest.width() + "x"
                        + manifest.height() + " " + manifest.encoding().manifestName());
            }
            pages[t.page()][role] = t;
        }
        for (int p = 0; p < pages.length; p++) {
            for (String role : manifest.textures().keySet()) {
                int r = ROLES.indexOf(role);
                if (r < 0) {
                    continue; // a role this decoder does not read
                }
                if (pages[p][r] == null) {
                    throw new ValidationException("VatDecoder: texture \"" + role + "\""
                            + (pages.length == 1 ? "" : " of page " + p) + " of the manifest is missing");
                }
            }
        }
        return new VatDecoder(manifest, pages);
    }

    /** @return the manifest */
    public VatManifest manifest() {
        return manifest;
    }

    /**
     * @param role {@code positions}, {@code normals}, {@code tangents} or {@code bones}
     * @return the texture of that role of page 0 (the only page unless the bake was split)
     * @throws ValidationException when the manifest lists no such texture
     */
    public VatTexture texture(String role) {
        return texture(role, 0);
    }

    /**
     * @param role {@code positions}, {@code normals}, {@code tangents} or {@code bones}
     * @param page a page, {@code 0..manifest().pageCount()-1}
     * @return the texture of that role and page
     * @throws ValidationException when the manifest lists no such texture or page
     */
    public VatTexture texture(String role, int page) {
        int r = ROLES.indexOf(role);
        if (r < 0 || page < 0 || page >= pages.length || pages[page][r] == null) {
            throw new ValidationException("VatDecoder: no texture \"" + role + "\" of page " + page
                    + ", the manifest lists " + manifest.textures().keySet() + " on " + pages.length + " page"
                    + (pages.length == 1 ? "" : "s"));
        }
        return pages[page][r];
    }

    /** @return whether a normals texture is present */
    public boolean hasNormals() {
        return pages[0][NORMALS] != null;
    }

    /** @return whether a tangents texture is present */
    public boolean hasTangents() {
        return pages[0][TANGENTS] != null;
    }

    /**
     * @param clip clip index in the table
     * @return the page that holds the clip's frames
     * @throws IndexOutOfBoundsException when there is no such clip
     */
    public int page(int clip) {
        return clipAt("page", clip).page();
    }

    /**
     * The texel index ({@code row * width + column}) of element {@code i} of a frame, in the
     * textures of the clip's {@link #page page}.
     *
     * @param clip clip index in the table
     * @param frame frame of that clip, {@code 0..frames-1}
     * @param element vertex index, or {@code 3*bone + row} for bone textures
     * @return the texel index
     * @throws IndexOutOfBoundsException when the clip, the frame or the element is out of range (the message
     *     names which, its value and the range)
     */
    public long texelIndex(int clip, int frame, int element) {
        return texelIndex("texelIndex", clip, frame, element);
    }

    private long texelIndex(String method, int clip, int frame, int element) {
        VatClip c = clipAt(method, clip);
        if (frame < 0 || frame >= c.frames()) {
            throw new IndexOutOfBoundsException("VatDecoder." + method + ": frame " + frame + " of clip "
                    + Checks.quote(c.name()) + ", expected 0.." + (c.frames() - 1) + " (" + c.frames() + " frames)");
        }
        int elements = manifest.kind() == TextureKind.BONES ? 3 * manifest.elementCount() : manifest.elementCount();
        if (element < 0 || element >= elements) {
            throw new IndexOutOfBoundsException("VatDecoder." + method + ": " + (manifest.kind() == TextureKind.BONES
                    ? "element (3 * bone + row) " : "vertex ") + element + ", expected 0.." + (elements - 1) + " ("
                    + (manifest.kind() == TextureKind.BONES ? manifest.elementCount() + " bones x 3 rows"
                    : manifest.elementCount() + " vertices") + ")");
        }
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
     * @throws ValidationException when this is not a vertex texture, or offsets need bind positions that
     *     are missing or not {@code 3*vertexCount} floats long
     * @throws IndexOutOfBoundsException when the clip, the frame or the vertex is out of range, or
     *     {@code dst} has no 3 floats from {@code offset} (the message names which, its value and the range)
     */
    public float[] positionInto(int clip, int frame, int vertex, float @org.jspecify.annotations.Nullable [] bindPositions,
            float[] dst, int offset) {
        requireKind(TextureKind.VERTEX, "positionInto");
        long texel = texelIndex("positionInto", clip, frame, vertex);
        requireRange("positionInto", dst, offset, 3);
        if (manifest.offsets()) {
            if (bindPositions == null) {
                throw new ValidationException("VatDecoder.positionInto: the texture holds offsets, bind positions are"
                        + " required");
            }
            Checks.requireLength("VatDecoder.positionInto", "bindPositions", bindPositions.length,
                    3 * manifest.elementCount(), "3 * vertexCount");
        }
        float[] t = new float[4];
        VatTexture positions = pages[page(clip)][POSITIONS];
        TexelCodec.fetch(positions.data(), texel, positions.encoding(), t, 0);
        decodePosition(t, dst, offset);
        if (bindPositions != null && manifest.offsets()) {
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
     * @throws IndexOutOfBoundsException when an index is out of range or {@code dst} too short (the message
     *     names which, its value and the range)
     */
    public float[] normalInto(int clip, int frame, int vertex, float[] dst, int offset) {
        if (!hasNormals()) {
            throw new ValidationException("VatDecoder.normalInto: the manifest lists no normals texture");
        }
        long texel = texelIndex("normalInto", clip, frame, vertex);
        requireRange("normalInto", dst, offset, 3);
        float[] t = new float[4];
        VatTexture normals = pages[page(clip)][NORMALS];
        TexelCodec.fetch(normals.data(), texel, normals.encoding(), t, 0);
        decodeNormal(t, dst, offset);
        return dst;
    }

    /**
     * Decodes a vertex's tangent: its unit direction and its handedness ({@code -1} or {@code +1}).
     *
     * @param clip clip index
     * @param frame frame of the clip
     * @param vertex vertex index
     * @param dst receives x, y, z, w from {@code offset}
     * @param offset first float written
     * @return {@code dst}
     * @throws ValidationException when there is no tangents texture
     * @throws IndexOutOfBoundsException when an index is out of range or {@code dst} too short (the message
     *     names which, its value and the range)
     */
    public float[] tangentInto(int clip, int frame, int vertex, float[] dst, int offset) {
        if (!hasTangents()) {
            throw new ValidationException("VatDecoder.tangentInto: the manifest lists no tangents texture");
        }
        long texel = texelIndex("tangentInto", clip, frame, vertex);
        requireRange("tangentInto", dst, offset, 4);
        float[] t = new float[4];
        VatTexture tangents = pages[page(clip)][TANGENTS];
        TexelCodec.fetch(tangents.data(), texel, tangents.encoding(), t, 0);
        decodeTangent(manifest.encoding(), t, dst, offset);
        return dst;
    }

    /** Tangent (direction and handedness) from a fetched texel, as the shader computes it. */
    static void decodeTangent(VatEncoding encoding, float[] t, float[] dst, int offset) {
        decodeNormal(encoding, t, dst, offset);
        dst[offset + 3] = encoding.isNormalized() ? t[3] * 2 - 1 : t[3];
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
     * @throws IndexOutOfBoundsException when an index is out of range or {@code dst} too short (the message
     *     names which, its value and the range)
     */
    public float[] boneRowsInto(int clip, int frame, int bone, float[] dst, int offset) {
        requireKind(TextureKind.BONES, "boneRowsInto");
        return boneRows("boneRowsInto", clip, frame, bone, dst, offset);
    }

    private float[] boneRows(String method, int clip, int frame, int bone, float[] dst, int offset) {
        if (bone < 0 || bone >= manifest.elementCount()) {
            throw new IndexOutOfBoundsException("VatDecoder." + method + ": bone " + bone + ", expected 0.."
                    + (manifest.elementCount() - 1) + " (" + manifest.elementCount() + " palette bones)");
        }
        long first = texelIndex(method, clip, frame, 3 * bone);
        requireRange(method, dst, offset, 12);
        VatTexture bones = pages[page(clip)][BONES];
        for (int r = 0; r < 3; r++) {
            // texel = (firstRow + frame * rowsPerFrame) * width + element: the rows of a bone are consecutive texels
            TexelCodec.fetch(bones.data(), first + r, bones.encoding(), dst, offset + 4 * r);
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
     * @param influences slots per vertex, 1..{@value BoneWeights#MAX_INFLUENCES}
     * @param dst receives x, y, z from {@code offset}
     * @param offset first float written
     * @return {@code dst}
     * @throws ValidationException when this is not a bone texture, or {@code influences} is out of range
     * @throws IndexOutOfBoundsException when the clip, the frame or a joint is out of range, or
     *     {@code joints}, {@code weights} or {@code dst} is too short for the slots asked for
     */
    public float[] skinInto(int clip, int frame, float x, float y, float z, int[] joints, float[] weights, int from,
            int influences, float[] dst, int offset) {
        requireKind(TextureKind.BONES, "skinInto");
        Checks.requireRange("VatDecoder.skinInto", "influences", influences, 1, BoneWeights.MAX_INFLUENCES);
        requireSlots("skinInto", "joints", joints.length, from, influences);
        requireSlots("skinInto", "weights", weights.length, from, influences);
        requireRange("skinInto", dst, offset, 3);
        float[] rows = new float[12 * influences];
        for (int k = 0; k < influences; k++) {
            boneRows("skinInto", clip, frame, joints[from + k], rows, 12 * k);
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

    private VatClip clipAt(String method, int clip) {
        List<VatClip> clips = manifest.clips();
        if (clip < 0 || clip >= clips.size()) {
            throw new IndexOutOfBoundsException("VatDecoder." + method + ": clip " + clip + ", expected "
                    + (clips.isEmpty() ? "none (the clip table is empty)" : "0.." + (clips.size() - 1) + " ("
                    + clips.size() + " clips)"));
        }
        return clips.get(clip);
    }

    /** Requires {@code dst[offset .. offset+count-1]} to exist. */
    private static void requireRange(String method, float[] dst, int offset, int count) {
        requireRange(method, "dst", dst.length, false, offset, count);
    }

    /** Requires {@code from .. from+influences-1} to be slots of {@code name}, a joints or weights array. */
    private static void requireSlots(String method, String name, int length, int from, int influences) {
        requireRange(method, name, length, true, from, influences);
    }

    /**
     * Requires {@code name[first .. first+count-1]} to exist; {@code first} is a slot of a joints or
     * weights array when {@code slots}, else an offset into {@code dst}.
     */
    private static void requireRange(String method, String name, int length, boolean slots, int first, int count) {
        if (first < 0) {
            throw new IndexOutOfBoundsException("VatDecoder." + method + ": " + (slots ? "slot " : "offset ") + first
                    + " into " + name + ", expected >= 0");
        }
        if (first > length - count) {
            throw new IndexOutOfBoundsException("VatDecoder." + method + ": " + name + " has " + length + " elements, "
                    + "expected at least " + ((long) first + count) + " (" + (slots ? "influences " + count
                    + " from slot " + first : count + " from offset " + first) + ")");
        }
    }

    private void requireKind(TextureKind kind, String method) {
        if (manifest.kind() != kind) {
            throw new ValidationException("VatDecoder." + method + ": the manifest's kind is "
                    + manifest.kind().manifestName() + ", expected " + kind.manifestName());
        }
    }
}
