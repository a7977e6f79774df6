package io.github.skinmesh.gltf;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.LittleEndianWriter;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.gltf.internal.Accessors;
import java.util.Arrays;

/**
 * The writer's binary side: the BIN chunk (buffer 0) and the {@code accessors} and
 * {@code bufferViews} that describe it. Every section starts on a 4-byte boundary, which satisfies
 * glTF's alignment rules for every component type. Before a section is written its size is
 * checked against the buffer's limit, so a too large asset fails with a
 * {@link ValidationException} naming the element. Not thread-safe; one per export.
 */
final class AccessorWriter {
    /** Buffer view target of vertex attributes. */
    static final int ARRAY_BUFFER = 34962;
    /** Buffer view target of indices. */
    static final int ELEMENT_ARRAY_BUFFER = 34963;
    /** No buffer view target (animation data, inverse bind matrices, images). */
    static final int NO_TARGET = 0;

    private final JsonNodeFactory f = JsonNodeFactory.instance;
    private final ArrayNode accessors = f.arrayNode();
    private final ArrayNode bufferViews = f.arrayNode();
    private final LittleEndianWriter bin = new LittleEndianWriter();
    private final long binLimit;

    /**
     * @param binLimit most bytes the BIN chunk may have, a multiple of 4 no larger than
     *     {@link LittleEndianWriter#MAX_SIZE}
     */
    AccessorWriter(long binLimit) {
        assert binLimit % 4 == 0 && binLimit <= LittleEndianWriter.MAX_SIZE : "binLimit " + binLimit;
        this.binLimit = binLimit;
    }

    /** @return the {@code accessors} array */
    ArrayNode accessors() {
        return accessors;
    }

    /** @return the {@code bufferViews} array */
    ArrayNode bufferViews() {
        return bufferViews;
    }

    /** @return the BIN chunk, padded to 4 bytes */
    LittleEndianWriter finish() {
        bin.pad(4);
        return bin;
    }

    /**
     * Pads to the next section and checks that {@code bytes} more fit.
     *
     * @param where the element about to be written, for the message
     * @return the offset of the section
     * @throws ValidationException when the BIN chunk would pass its limit
     */
    private int section(String where, long bytes) {
        long start = (bin.size() + 3L) & ~3L;
        long end = (start + bytes + 3) & ~3L;
        if (end > binLimit) {
            throw new ValidationException("GltfWriter: " + where + ": the BIN chunk would grow to " + (start + bytes)
                    + " bytes, more than the " + binLimit + " one GLB buffer can hold");
        }
        return bin.pad(4).size();
    }

    private int bufferView(int offset, int length, int target) {
        ObjectNode view = bufferViews.addObject();
        view.put("buffer", 0);
        if (offset != 0) {
            view.put("byteOffset", offset);
        }
        view.put("byteLength", length);
        if (target != NO_TARGET) {
            view.put("target", target);
        }
        return bufferViews.size() - 1;
    }

    /**
     * Declares a vertex buffer view's stride: glTF requires it once two or more accessors use the
     * view (its elements are still tightly packed, so the stride is the element size).
     */
    private void stride(int view, int bytes) {
        assert bytes % 4 == 0 && bytes >= 4 && bytes <= 252 : "glTF vertex stride " + bytes;
        ((ObjectNode) bufferViews.get(view)).put("byteStride", bytes);
    }

    private int accessor(int view, int componentType, int count, String type) {
        return accessor(view, 0, componentType, count, type);
    }

    private int accessor(int view, long byteOffset, int componentType, int count, String type) {
        ObjectNode a = accessors.addObject();
        if (view != Index.NONE) {
            a.put("bufferView", view);
        }
        if (byteOffset != 0) {
            a.put("byteOffset", byteOffset);
        }
        a.put("componentType", componentType);
        a.put("count", count);
        a.put("type", type);
        return accessors.size() - 1;
    }

    /**
     * Writes a float accessor over the first {@code count} elements of {@code data}.
     *
     * @param where the element, for messages
     * @param data at least {@code count * components(type)} floats
     * @param count elements
     * @param type {@code "SCALAR"}, {@code "VEC2"} ... {@code "MAT4"}
     * @param target buffer view target, or {@link #NO_TARGET}
     * @param minMax whether to write per-component {@code min} and {@code max}
     * @return the accessor index
     * @throws ValidationException when the BIN chunk would pass its limit
     */
    int floats(String where, float[] data, int count, String type, int target, boolean minMax) {
        return floats(where, data, count, type, target, minMax, new int[] {0, count})[0];
    }

    /**
     * Writes the first {@code count} elements of {@code data} as one buffer view and one float
     * accessor per range {@code [bounds[i], bounds[i+1])} of it.
     *
     * @param where the element, for messages
     * @param data at least {@code count * components(type)} floats
     * @param count elements, {@code bounds[bounds.length - 1]}
     * @param type {@code "SCALAR"}, {@code "VEC2"} ... {@code "MAT4"}
     * @param target buffer view target, or {@link #NO_TARGET}
     * @param minMax whether to write per-component {@code min} and {@code max} of each range
     * @param bounds increasing element boundaries from 0 to {@code count}
     * @return one accessor index per range
     * @throws ValidationException when the BIN chunk would pass its limit
     */
    int[] floats(String where, float[] data, int count, String type, int target, boolean minMax, int[] bounds) {
        assert bounds[0] == 0 && bounds[bounds.length - 1] == count : "bounds cover the elements";
        int comps = Accessors.components(type);
        long values = (long) count * comps;
        int offset = section(where, 4 * values);
        bin.putFloats(data, 0, (int) values);
        int view = bufferView(offset, (int) (4 * values), target);
        int[] result = new int[bounds.length - 1];
        if (result.length > 1) {
            stride(view, 4 * comps);
        }
        for (int r = 0; r < result.length; r++) {
            int first = bounds[r];
            int n = bounds[r + 1] - first;
            int index = accessor(view, 4L * first * comps, Accessors.FLOAT, n, type);
            result[r] = index;
            if (minMax) {
                float[] min = new float[comps];
                float[] max = new float[comps];
                Arrays.fill(min, Float.POSITIVE_INFINITY);
                Arrays.fill(max, Float.NEGATIVE_INFINITY);
                for (int i = first * comps, e = (first + n) * comps; i < e; i++) {
                    min[i % comps] = Math.min(min[i % comps], data[i]);
                    max[i % comps] = Math.max(max[i % comps], data[i]);
                }
                putMinMax(index, min, max);
            }
        }
        return result;
    }

    /**
     * Writes an accessor of {@code count} zero VEC3 floats without a buffer view (glTF reads it as
     * zeros): a morph target with no deltas at all still needs one attribute.
     *
     * @param count elements
     * @return the accessor index
     */
    int zeros(int count) {
        int index = accessor(Index.NONE, Accessors.FLOAT, count, "VEC3");
        putMinMax(index, new float[3], new float[3]);
        return index;
    }

    /** Puts an accessor's {@code min} and {@code max}, every float through {@link JsonOut#num}. */
    private void putMinMax(int index, float[] min, float[] max) {
        ObjectNode a = (ObjectNode) accessors.get(index);
        ArrayNode mn = a.putArray("min");
        ArrayNode mx = a.putArray("max");
        for (int c = 0; c < min.length; c++) {
            mn.addRawValue(JsonOut.num(min[c]));
            mx.addRawValue(JsonOut.num(max[c]));
        }
    }

    /**
     * Writes triangle indices {@code indices[from..from+count)}.
     *
     * @param where the element, for messages
     * @param u16 whether as unsigned shorts (every index below 65536), else unsigned ints
     * @return the accessor index
     * @throws ValidationException when the BIN chunk would pass its limit
     */
    int indices(String where, int[] indices, int from, int count, boolean u16) {
        return indices(where, indices, from, count, u16, 0);
    }

    /**
     * Writes triangle indices {@code indices[from..from+count)} minus {@code base}: the indices of
     * a primitive whose vertex accessors start at vertex {@code base} of the mesh.
     *
     * @param where the element, for messages
     * @param u16 whether as unsigned shorts (every written index below 65536), else unsigned ints
     * @param base subtracted from every index, at most the smallest of them
     * @return the accessor index
     * @throws ValidationException when the BIN chunk would pass its limit
     */
    int indices(String where, int[] indices, int from, int count, boolean u16, int base) {
        int offset = section(where, (long) count * (u16 ? 2 : 4));
        if (base == 0) {
            if (u16) {
                bin.putShorts(indices, from, count);
            } else {
                bin.putInts(indices, from, count);
            }
        } else {
            for (int i = from, e = from + count; i < e; i++) {
                assert indices[i] >= base : "index below the primitive's first vertex";
                if (u16) {
                    bin.putShort(indices[i] - base);
                } else {
                    bin.putInt(indices[i] - base);
                }
            }
        }
        int view = bufferView(offset, count * (u16 ? 2 : 4), ELEMENT_ARRAY_BUFFER);
        return accessor(view, u16 ? Accessors.UNSIGNED_SHORT : Accessors.UNSIGNED_INT, count, "SCALAR");
    }

    /**
     * Writes one JOINTS_n set: {@code 4*count} joint indices.
     *
     * @param where the element, for messages
     * @param u8 whether as unsigned bytes (every joint below 256), else unsigned shorts
     * @return the accessor index
     * @throws ValidationException when the BIN chunk would pass its limit
     */
    int joints(String where, int[] joints, int count, boolean u8) {
        return joints(where, joints, count, u8, new int[] {0, count})[0];
    }

    /**
     * Writes one JOINTS_n set as one buffer view and one accessor per range
     * {@code [bounds[i], bounds[i+1])} of its {@code count} elements.
     *
     * @param where the element, for messages
     * @param u8 whether as unsigned bytes (every joint below 256), else unsigned shorts
     * @param bounds increasing element boundaries from 0 to {@code count}
     * @return one accessor index per range
     * @throws ValidationException when the BIN chunk would pass its limit
     */
    int[] joints(String where, int[] joints, int count, boolean u8, int[] bounds) {
        int offset = section(where, 4L * count * (u8 ? 1 : 2));
        if (u8) {
            bin.putLowBytes(joints, 0, 4 * count);
        } else {
            bin.putShorts(joints, 0, 4 * count);
        }
        int view = bufferView(offset, 4 * count * (u8 ? 1 : 2), ARRAY_BUFFER);
        int[] result = new int[bounds.length - 1];
        if (result.length > 1) {
            stride(view, 4 * (u8 ? 1 : 2));
        }
        for (int r = 0; r < result.length; r++) {
            result[r] = accessor(view, 4L * bounds[r] * (u8 ? 1 : 2), u8 ? Accessors.UNSIGNED_BYTE
                    : Accessors.UNSIGNED_SHORT, bounds[r + 1] - bounds[r], "VEC4");
        }
        return result;
    }

    /**
     * Writes raw bytes (an encoded image) as a buffer view without a target.
     *
     * @param where the element, for messages
     * @param data the bytes, at least one
     * @return the buffer view index
     * @throws ValidationException when the BIN chunk would pass its limit
     */
    int view(String where, byte[] data) {
        assert data.length > 0 : where + ": glTF buffer views hold at least one byte";
        int offset = section(where, data.length);
        bin.put(data);
        return bufferView(offset, data.length, NO_TARGET);
    }
}
