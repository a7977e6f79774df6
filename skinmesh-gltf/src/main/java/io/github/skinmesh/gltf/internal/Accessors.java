package io.github.skinmesh.gltf.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.internal.ByteBudget;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.jspecify.annotations.Nullable;

/**
 * Decodes glTF accessors (glTF 2.0 sections 3.6 and 5.1) into float or int arrays, with every
 * declared size checked against the bytes present before anything is allocated.
 *
 * <p>Rules enforced, in long arithmetic: {@code bufferView.byteOffset + byteLength <=
 * buffer.byteLength <= bytes present}; {@code byteStride} in 4..252 and a multiple of 4, and at
 * least the element size; {@code accessor.byteOffset} and {@code bufferView.byteOffset +
 * accessor.byteOffset} multiples of the component size; {@code accessor.byteOffset + stride *
 * (count - 1) + elementSize <= bufferView.byteLength}. Matrix columns of 1- and 2-byte components
 * start on 4-byte boundaries ({@code MAT2}/{@code MAT3}). An accessor without a buffer view is
 * zeros; sparse substitution indices must be strictly increasing and below {@code count}. The
 * memory of every decoded array is charged to a {@link ByteBudget} first.
 *
 * <p>Normalized integers decode with the specification's formulas: unsigned byte {@code c/255},
 * unsigned short {@code c/65535}, signed byte {@code max(c/127, -1)}, signed short
 * {@code max(c/32767, -1)}; other integers decode to their value.
 *
 * <p>Decoded arrays are cached per accessor and shared: callers must treat them as read-only and
 * copy before changing. Not thread-safe; one per read.
 *
 * <p>Implementation notes: one loop per component type, with the type switch outside the element
 * loop and precomputed component offsets (matrix padding included), so each loop is a plain
 * strided read. Tightly packed, 4-byte-aligned floats (most vertex data of real files, including
 * the shared CesiumMan and Fox assets) are copied in bulk through a little-endian
 * {@link java.nio.FloatBuffer} view, which the JIT turns into a block copy; strided or unaligned
 * data uses absolute {@link ByteBuffer} reads, which need no bounds check beyond the ones done
 * here up front. Decoding is a small part of an import: JSON parsing, model validation and the
 * image copies dominate (see {@code GltfImportBench}).
 */
public final class Accessors {
    /** glTF component type BYTE. */
    public static final int BYTE = 5120;
    /** glTF component type UNSIGNED_BYTE. */
    public static final int UNSIGNED_BYTE = 5121;
    /** glTF component type SHORT. */
    public static final int SHORT = 5122;
    /** glTF component type UNSIGNED_SHORT. */
    public static final int UNSIGNED_SHORT = 5123;
    /** glTF component type UNSIGNED_INT. */
    public static final int UNSIGNED_INT = 5125;
    /** glTF component type FLOAT. */
    public static final int FLOAT = 5126;

    /** Format bit: float. */
    public static final int F32 = 1;
    /** Format bit: normalized unsigned byte. */
    public static final int U8N = 1 << 1;
    /** Format bit: normalized unsigned short. */
    public static final int U16N = 1 << 2;
    /** Format bit: normalized signed byte. */
    public static final int I8N = 1 << 3;
    /** Format bit: normalized signed short. */
    public static final int I16N = 1 << 4;
    /** Format bit: unsigned byte. */
    public static final int U8 = 1 << 5;
    /** Format bit: unsigned short. */
    public static final int U16 = 1 << 6;
    /** Format bit: signed byte. */
    public static final int I8 = 1 << 7;
    /** Format bit: signed short. */
    public static final int I16 = 1 << 8;
    /** Format bit: unsigned int. */
    public static final int U32 = 1 << 9;

    /**
     * A validated accessor header.
     *
     * @param index accessor index
     * @param componentType glTF component type
     * @param normalized whether integers are normalized
     * @param count number of elements
     * @param type glTF type name
     * @param components components per element
     * @param rows rows of a matrix type, else {@code components}
     * @param elementSize bytes per element, with matrix column padding
     * @param buffer the buffer holding the data, or {@code null} for an all-zero accessor
     * @param base byte offset of element 0 in {@code buffer}
     * @param stride bytes between elements
     * @param sparse the sparse object, or {@code null}
     */
    public record Info(int index, int componentType, boolean normalized, int count, String type, int components,
            int rows, int elementSize, @Nullable ByteBuffer buffer, long base, int stride, @Nullable JsonNode sparse) {
        /** @return the format bit of this accessor's component type and normalization */
        public int format() {
            return formatBit(componentType, normalized);
        }
    }

    private record View(int buffer, long byteOffset, long byteLength, int byteStride) {
    }

    private final @Nullable JsonNode accessors;
    private final @Nullable JsonNode bufferViews;
    private final ByteBuffer[] buffers;
    private final ByteBudget budget;
    private final @Nullable Info[] infos;
    private final @Nullable View[] views;
    private final float @Nullable [][] floatCache;
    private final int @Nullable [][] intCache;

    /**
     * @param root the glTF document
     * @param buffers the loaded buffers, little-endian, capacity = bytes present
     * @param budget where decoded memory is charged
     */
    public Accessors(JsonNode root, ByteBuffer[] buffers, ByteBudget budget) {
        this.accessors = Json.array(root, "accessors", "glTF");
        this.bufferViews = Json.array(root, "bufferViews", "glTF");
        this.buffers = buffers;
        this.budget = budget;
        int n = accessors == null ? 0 : accessors.size();
        this.infos = new Info[n];
        this.floatCache = new float[n][];
        this.intCache = new int[n][];
        this.views = new View[bufferViews == null ? 0 : bufferViews.size()];
    }

    /** @return the number of accessors in the document */
    public int count() {
        return infos.length;
    }

    /** @return the number of buffer views in the document */
    public int viewCount() {
        return views.length;
    }

    /**
     * Returns the bytes of a buffer view (an image, for instance) as a fresh array.
     *
     * @param viewIndex buffer view index (already range-checked)
     * @param where the element that references it
     * @return a copy of the view's bytes
     */
    public byte[] viewBytes(int viewIndex, String where) {
        View v = view(viewIndex);
        budget.charge(where, v.byteLength);
        byte[] out = new byte[(int) v.byteLength];
        buffers[v.buffer].get((int) v.byteOffset, out);
        return out;
    }

    /**
     * Parses and validates an accessor header.
     *
     * @param index accessor index (already range-checked)
     * @return the header
     * @throws FormatException naming the accessor and the broken rule
     */
    public Info info(int index) {
        Info info = infos[index];
        if (info == null) {
            info = parse(index);
            infos[index] = info;
        }
        return info;
    }

    /**
     * Decodes an accessor to floats ({@code count * components}, matrix padding removed).
     *
     * @param index accessor index (already range-checked)
     * @param usage the referencing element, e.g. {@code "meshes[0].primitives[0].attributes.NORMAL"}
     * @param formats allowed format bits
     * @param types allowed type names
     * @return the shared decoded array (read-only)
     * @throws FormatException on a disallowed type or format, bad bounds or an exhausted budget
     */
    public float[] floats(int index, String usage, int formats, String... types) {
        Info info = info(index);
        check(info, usage, formats, types);
        float[] out = floatCache[index];
        if (out == null) {
            out = decodeFloats(info);
            floatCache[index] = out;
        }
        return out;
    }

    /**
     * Decodes an integer accessor (indices, joints) to ints.
     *
     * @param index accessor index (already range-checked)
     * @param usage the referencing element
     * @param formats allowed format bits among {@link #U8}, {@link #U16}, {@link #U32}
     * @param types allowed type names
     * @return the shared decoded array (read-only)
     * @throws FormatException on a disallowed type or format, bad bounds, a value above
     *     {@code Integer.MAX_VALUE} or an exhausted budget
     */
    public int[] ints(int index, String usage, int formats, String... types) {
        Info info = info(index);
        check(info, usage, formats, types);
        int[] out = intCache[index];
        if (out == null) {
            out = decodeInts(info);
            intCache[index] = out;
        }
        return out;
    }

    private void check(Info info, String usage, int formats, String... types) {
        boolean typeOk = false;
        for (String t : types) {
            typeOk |= t.equals(info.type);
        }
        String where = usage + " (accessors[" + info.index + "])";
        if (!typeOk) {
            throw new FormatException(where + ": type " + info.type + ", expected " + String.join(" or ", types));
        }
        if ((info.format() & formats) == 0) {
            throw new FormatException(where + ": componentType " + formatName(info.componentType, info.normalized)
                    + ", expected " + formatNames(formats));
        }
    }

    private View view(int i) {
        View v = views[i];
        if (v == null) {
            String where = "bufferViews[" + i + "]";
            JsonNode n = Json.element(bufferViews, i, where);
            int buffer = Json.requiredIndex(n, "buffer", where, "buffers", buffers.length);
            long byteOffset = Json.integer(n, "byteOffset", where, 0, 0, Integer.MAX_VALUE);
            long byteLength = Json.integer(n, "byteLength", where, -1, 1, Integer.MAX_VALUE);
            if (byteLength < 0) {
                throw new FormatException(where + ".byteLength is missing, expected a length >= 1");
            }
            long present = buffers[buffer].capacity();
            if (byteOffset + byteLength > present) {
                throw new FormatException(where + ": byteOffset " + byteOffset + " + byteLength " + byteLength + " = "
                        + (byteOffset + byteLength) + " exceeds buffers[" + buffer + "] length " + present);
            }
            long stride = Json.integer(n, "byteStride", where, 0, 4, 252);
            if (stride % 4 != 0) {
                throw new FormatException(where + ".byteStride " + stride + ", expected a multiple of 4 in 4..252");
            }
            v = new View(buffer, byteOffset, byteLength, (int) stride);
            views[i] = v;
        }
        return v;
    }

    private Info parse(int index) {
        String where = "accessors[" + index + "]";
        JsonNode a = Json.element(accessors, index, where);
        int ct = (int) Json.integer(a, "componentType", where, -1, 0, Integer.MAX_VALUE);
        int cs = componentSize(ct);
        if (cs == 0) {
            throw new FormatException(where + ".componentType " + (ct < 0 ? "is missing" : ct)
                    + ", expected 5120, 5121, 5122, 5123, 5125 or 5126");
        }
        boolean normalized = Json.bool(a, "normalized", where, false);
        if (normalized && (ct == FLOAT || ct == UNSIGNED_INT)) {
            throw new FormatException(where + ": normalized with componentType " + ct
                    + ", expected a byte or short component type");
        }
        long count = Json.integer(a, "count", where, -1, 1, Integer.MAX_VALUE);
        if (count < 0) {
            throw new FormatException(where + ".count is missing, expected a count >= 1");
        }
        String type = Json.string(a, "type", where);
        int components = components(type);
        if (components == 0) {
            throw new FormatException(where + ".type " + (type == null ? "is missing" : "'" + type + "'")
                    + ", expected SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3 or MAT4");
        }
        int rows = type.startsWith("MAT") ? (int) Math.round(Math.sqrt(components)) : components;
        int elementSize = components / rows * columnSize(type, rows, cs);
        int viewIndex = Json.index(a, "bufferView", where, "bufferViews", views.length);
        long byteOffset = Json.integer(a, "byteOffset", where, 0, 0, Integer.MAX_VALUE);
        ByteBuffer buffer = null;
        long base = 0;
        int stride = elementSize;
        if (viewIndex >= 0) {
            View v = view(viewIndex);
            stride = v.byteStride == 0 ? elementSize : v.byteStride;
            if (stride < elementSize) {
                throw new FormatException(where + ": bufferViews[" + viewIndex + "].byteStride " + stride
                        + " is less than the element size " + elementSize + " of " + type + " "
                        + formatName(ct, normalized));
            }
            if (byteOffset % cs != 0 || (v.byteOffset + byteOffset) % cs != 0) {
                throw new FormatException(where + ": byteOffset " + byteOffset + " (+ bufferViews[" + viewIndex
                        + "].byteOffset " + v.byteOffset + ") is not a multiple of the component size " + cs);
            }
            long end = byteOffset + (long) stride * (count - 1) + elementSize;
            if (end > v.byteLength) {
                throw new FormatException(where + ": byteOffset " + byteOffset + " + stride " + stride + "*(count "
                        + count + " - 1) + elementSize " + elementSize + " = " + end + " exceeds bufferViews["
                        + viewIndex + "].byteLength " + v.byteLength);
            }
            buffer = buffers[v.buffer];
            base = v.byteOffset + byteOffset;
        } else if (a.has("byteOffset") && byteOffset != 0) {
            throw new FormatException(where + ": byteOffset " + byteOffset + " without a bufferView, expected 0");
        }
        JsonNode sparse = Json.object(a, "sparse", where);
        return new Info(index, ct, normalized, (int) count, type, components, rows, elementSize, buffer, base, stride,
                sparse);
    }

    private float[] decodeFloats(Info info) {
        String where = "accessors[" + info.index + "]";
        long n = (long) info.count * info.components;
        budget.charge(where, 4 * n);
        float[] out = new float[(int) n];
        if (info.buffer != null) {
            decodeFloats(info, info.buffer, info.base, info.stride, info.count, out);
        }
        if (info.sparse != null) {
            Sparse s = sparse(info);
            float[] values = new float[s.indices.length * info.components];
            decodeFloats(info, s.values, s.valuesBase, info.elementSize, s.indices.length, values);
            for (int i = 0; i < s.indices.length; i++) {
                System.arraycopy(values, i * info.components, out, s.indices[i] * info.components, info.components);
            }
        }
        return out;
    }

    private int[] decodeInts(Info info) {
        String where = "accessors[" + info.index + "]";
        long n = (long) info.count * info.components;
        budget.charge(where, 4 * n);
        int[] out = new int[(int) n];
        if (info.buffer != null) {
            decodeInts(info, info.buffer, info.base, info.stride, info.count, out, where);
        }
        if (info.sparse != null) {
            Sparse s = sparse(info);
            int[] values = new int[s.indices.length * info.components];
            decodeInts(info, s.values, s.valuesBase, info.elementSize, s.indices.length, values,
                    where + ".sparse.values");
            for (int i = 0; i < s.indices.length; i++) {
                System.arraycopy(values, i * info.components, out, s.indices[i] * info.components, info.components);
            }
        }
        return out;
    }

    private record Sparse(int[] indices, ByteBuffer values, long valuesBase) {
    }

    private Sparse sparse(Info info) {
        String where = "accessors[" + info.index + "].sparse";
        JsonNode sp = info.sparse;
        assert sp != null;
        long count = Json.integer(sp, "count", where, -1, 1, info.count);
        if (count < 0) {
            throw new FormatException(where + ".count is missing, expected 1.." + info.count);
        }
        JsonNode idx = Json.object(sp, "indices", where);
        JsonNode val = Json.object(sp, "values", where);
        if (idx == null || val == null) {
            throw new FormatException(where + "." + (idx == null ? "indices" : "values")
                    + " is missing, expected an object");
        }
        String wi = where + ".indices";
        int iv = Json.requiredIndex(idx, "bufferView", wi, "bufferViews", views.length);
        long io = Json.integer(idx, "byteOffset", wi, 0, 0, Integer.MAX_VALUE);
        int ict = (int) Json.integer(idx, "componentType", wi, -1, 0, Integer.MAX_VALUE);
        if (ict != UNSIGNED_BYTE && ict != UNSIGNED_SHORT && ict != UNSIGNED_INT) {
            throw new FormatException(wi + ".componentType " + (ict < 0 ? "is missing" : ict)
                    + ", expected 5121, 5123 or 5125");
        }
        int ics = componentSize(ict);
        View v = view(iv);
        long end = io + count * ics;
        if (end > v.byteLength) {
            throw new FormatException(wi + ": byteOffset " + io + " + " + ics + "*count " + count + " = " + end
                    + " exceeds bufferViews[" + iv + "].byteLength " + v.byteLength);
        }
        if ((v.byteOffset + io) % ics != 0) {
            throw new FormatException(wi + ": byteOffset " + io + " (+ bufferViews[" + iv + "].byteOffset "
                    + v.byteOffset + ") is not a multiple of the component size " + ics);
        }
        budget.charge(wi, 4 * count);
        int[] indices = new int[(int) count];
        Info indexInfo = new Info(-1, ict, false, (int) count, "SCALAR", 1, 1, ics, buffers[v.buffer],
                v.byteOffset + io, ics, null);
        decodeInts(indexInfo, buffers[v.buffer], v.byteOffset + io, ics, (int) count, indices, wi);
        for (int i = 0; i < indices.length; i++) {
            if (indices[i] < 0 || indices[i] >= info.count) {
                throw new FormatException(wi + ": index " + i + " is " + Integer.toUnsignedString(indices[i])
                        + ", expected < accessor count " + info.count);
            }
            if (i > 0 && indices[i] <= indices[i - 1]) {
                throw new FormatException(wi + ": index " + i + " is " + indices[i] + ", not after index " + (i - 1)
                        + " (" + indices[i - 1] + "); expected strictly increasing indices");
            }
        }
        String wv = where + ".values";
        int vv = Json.requiredIndex(val, "bufferView", wv, "bufferViews", views.length);
        long vo = Json.integer(val, "byteOffset", wv, 0, 0, Integer.MAX_VALUE);
        View w = view(vv);
        long vend = vo + count * info.elementSize;
        if (vend > w.byteLength) {
            throw new FormatException(wv + ": byteOffset " + vo + " + " + info.elementSize + "*count " + count + " = "
                    + vend + " exceeds bufferViews[" + vv + "].byteLength " + w.byteLength);
        }
        int cs = componentSize(info.componentType);
        if ((w.byteOffset + vo) % cs != 0) {
            throw new FormatException(wv + ": byteOffset " + vo + " (+ bufferViews[" + vv + "].byteOffset "
                    + w.byteOffset + ") is not a multiple of the component size " + cs);
        }
        budget.charge(wv, 4L * count * info.components);
        return new Sparse(indices, buffers[w.buffer], w.byteOffset + vo);
    }

    /** Bytes of one column of an element: matrix columns start on 4-byte boundaries. */
    private static int columnSize(String type, int rows, int componentSize) {
        return type.startsWith("MAT") ? Glb.align4(rows * componentSize) : rows * componentSize;
    }

    /** Component byte offsets within an element, with matrix column padding. */
    private static int[] componentOffsets(Info info) {
        int cs = componentSize(info.componentType);
        int columns = info.components / info.rows;
        int columnSize = columnSize(info.type, info.rows, cs);
        int[] offsets = new int[info.components];
        for (int c = 0; c < columns; c++) {
            for (int r = 0; r < info.rows; r++) {
                offsets[c * info.rows + r] = c * columnSize + r * cs;
            }
        }
        return offsets;
    }

    private static void decodeFloats(Info info, ByteBuffer buf, long base0, int stride, int count, float[] out) {
        int comps = info.components;
        int[] offs = componentOffsets(info);
        int base = (int) base0;
        boolean packed = stride == info.elementSize && info.elementSize == comps * componentSize(info.componentType);
        switch (info.componentType) {
            case FLOAT -> {
                if (packed && base % 4 == 0) {
                    buf.slice(base, count * stride).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer()
                            .get(out, 0, count * comps);
                } else {
                    for (int e = 0, o = 0; e < count; e++) {
                        int p = base + e * stride;
                        for (int k = 0; k < comps; k++) {
                            out[o++] = buf.getFloat(p + offs[k]);
                        }
                    }
                }
            }
            case UNSIGNED_BYTE -> {
                float div = info.normalized ? 255f : 1f;
                for (int e = 0, o = 0; e < count; e++) {
                    int p = base + e * stride;
                    for (int k = 0; k < comps; k++) {
                        out[o++] = (buf.get(p + offs[k]) & 0xFF) / div;
                    }
                }
            }
            case BYTE -> {
                float div = info.normalized ? 127f : 1f;
                float min = info.normalized ? -1f : -Float.MAX_VALUE;
                for (int e = 0, o = 0; e < count; e++) {
                    int p = base + e * stride;
                    for (int k = 0; k < comps; k++) {
                        out[o++] = Math.max(buf.get(p + offs[k]) / div, min);
                    }
                }
            }
            case UNSIGNED_SHORT -> {
                float div = info.normalized ? 65535f : 1f;
                for (int e = 0, o = 0; e < count; e++) {
                    int p = base + e * stride;
                    for (int k = 0; k < comps; k++) {
                        out[o++] = (buf.getShort(p + offs[k]) & 0xFFFF) / div;
                    }
                }
            }
            case SHORT -> {
                float div = info.normalized ? 32767f : 1f;
                float min = info.normalized ? -1f : -Float.MAX_VALUE;
                for (int e = 0, o = 0; e < count; e++) {
                    int p = base + e * stride;
                    for (int k = 0; k < comps; k++) {
                        out[o++] = Math.max(buf.getShort(p + offs[k]) / div, min);
                    }
                }
            }
            case UNSIGNED_INT -> {
                for (int e = 0, o = 0; e < count; e++) {
                    int p = base + e * stride;
                    for (int k = 0; k < comps; k++) {
                        out[o++] = (float) (buf.getInt(p + offs[k]) & 0xFFFFFFFFL);
                    }
                }
            }
            default -> throw new AssertionError(info.componentType);
        }
    }

    private static void decodeInts(Info info, ByteBuffer buf, long base0, int stride, int count, int[] out,
            String where) {
        int comps = info.components;
        int[] offs = componentOffsets(info);
        int base = (int) base0;
        switch (info.componentType) {
            case UNSIGNED_BYTE -> {
                for (int e = 0, o = 0; e < count; e++) {
                    int p = base + e * stride;
                    for (int k = 0; k < comps; k++) {
                        out[o++] = buf.get(p + offs[k]) & 0xFF;
                    }
                }
            }
            case UNSIGNED_SHORT -> {
                for (int e = 0, o = 0; e < count; e++) {
                    int p = base + e * stride;
                    for (int k = 0; k < comps; k++) {
                        out[o++] = buf.getShort(p + offs[k]) & 0xFFFF;
                    }
                }
            }
            case UNSIGNED_INT -> {
                for (int e = 0, o = 0; e < count; e++) {
                    int p = base + e * stride;
                    for (int k = 0; k < comps; k++) {
                        int v = buf.getInt(p + offs[k]);
                        if (v < 0) {
                            throw new FormatException(where + ": element " + e + " is " + Integer.toUnsignedString(v)
                                    + ", expected at most " + Integer.MAX_VALUE);
                        }
                        out[o++] = v;
                    }
                }
            }
            default -> throw new AssertionError(info.componentType); // callers allow only U8, U16, U32
        }
    }

    /**
     * @param componentType glTF component type
     * @return its size in bytes, 0 for an unknown type
     */
    public static int componentSize(int componentType) {
        return switch (componentType) {
            case BYTE, UNSIGNED_BYTE -> 1;
            case SHORT, UNSIGNED_SHORT -> 2;
            case UNSIGNED_INT, FLOAT -> 4;
            default -> 0;
        };
    }

    /**
     * @param type glTF type name
     * @return its component count, 0 for an unknown type
     */
    public static int components(@Nullable String type) {
        if (type == null) {
            return 0;
        }
        return switch (type) {
            case "SCALAR" -> 1;
            case "VEC2" -> 2;
            case "VEC3" -> 3;
            case "VEC4", "MAT2" -> 4;
            case "MAT3" -> 9;
            case "MAT4" -> 16;
            default -> 0;
        };
    }

    static int formatBit(int componentType, boolean normalized) {
        return switch (componentType) {
            case FLOAT -> F32;
            case UNSIGNED_BYTE -> normalized ? U8N : U8;
            case UNSIGNED_SHORT -> normalized ? U16N : U16;
            case BYTE -> normalized ? I8N : I8;
            case SHORT -> normalized ? I16N : I16;
            case UNSIGNED_INT -> U32;
            default -> 0;
        };
    }

    private static String formatName(int componentType, boolean normalized) {
        String name = switch (componentType) {
            case FLOAT -> "FLOAT";
            case UNSIGNED_BYTE -> "UNSIGNED_BYTE";
            case UNSIGNED_SHORT -> "UNSIGNED_SHORT";
            case BYTE -> "BYTE";
            case SHORT -> "SHORT";
            case UNSIGNED_INT -> "UNSIGNED_INT";
            default -> String.valueOf(componentType);
        };
        return normalized ? name + " normalized" : name;
    }

    private static String formatNames(int formats) {
        StringBuilder sb = new StringBuilder();
        String[] names = {"FLOAT", "UNSIGNED_BYTE normalized", "UNSIGNED_SHORT normalized", "BYTE normalized",
            "SHORT normalized", "UNSIGNED_BYTE", "UNSIGNED_SHORT", "BYTE", "SHORT", "UNSIGNED_INT"};
        for (int i = 0; i < names.length; i++) {
            if ((formats & (1 << i)) != 0) {
                sb.append(sb.length() == 0 ? "" : ", ").append(names[i]);
            }
        }
        return sb.toString();
    }
}
