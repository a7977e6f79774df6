package io.github.skinmesh.gltf;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.gltf.internal.Glb;
import io.github.skinmesh.gltf.internal.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Builds small synthetic glTF documents for tests: JSON through Jackson, one binary buffer
 * written as the GLB BIN chunk or as a base64 data URI.
 */
final class TestGltf {
    static final int BYTE = 5120;
    static final int UNSIGNED_BYTE = 5121;
    static final int SHORT = 5122;
    static final int UNSIGNED_SHORT = 5123;
    static final int UNSIGNED_INT = 5125;
    static final int FLOAT = 5126;

    final JsonNodeFactory f = JsonNodeFactory.instance;
    final ObjectNode root = f.objectNode();
    private final ByteArrayOutputStream bin = new ByteArrayOutputStream();

    TestGltf() {
        root.putObject("asset").put("version", "2.0");
    }

    ArrayNode array(String name) {
        return root.has(name) ? (ArrayNode) root.get(name) : root.putArray(name);
    }

    ObjectNode add(String array) {
        return array(array).addObject();
    }

    /** Appends bytes (4-aligned) as a new buffer view. */
    int view(byte[] data, int stride) {
        while (bin.size() % 4 != 0) {
            bin.write(0);
        }
        ObjectNode v = add("bufferViews");
        v.put("buffer", 0);
        v.put("byteOffset", bin.size());
        v.put("byteLength", data.length);
        if (stride > 0) {
            v.put("byteStride", stride);
        }
        bin.writeBytes(data);
        return array("bufferViews").size() - 1;
    }

    int accessor(int view, int byteOffset, int componentType, boolean normalized, int count, String type) {
        ObjectNode a = add("accessors");
        if (view >= 0) {
            a.put("bufferView", view);
        }
        if (byteOffset != 0) {
            a.put("byteOffset", byteOffset);
        }
        a.put("componentType", componentType);
        if (normalized) {
            a.put("normalized", true);
        }
        a.put("count", count);
        a.put("type", type);
        return array("accessors").size() - 1;
    }

    static int components(String type) {
        return switch (type) {
            case "SCALAR" -> 1;
            case "VEC2" -> 2;
            case "VEC3" -> 3;
            case "VEC4", "MAT2" -> 4;
            case "MAT3" -> 9;
            default -> 16;
        };
    }

    /** A tightly packed float accessor (with min/max for VEC3 and SCALAR). */
    int floats(String type, float... v) {
        ByteBuffer b = ByteBuffer.allocate(4 * v.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float x : v) {
            b.putFloat(x);
        }
        int n = components(type);
        int a = accessor(view(b.array(), 0), 0, FLOAT, false, v.length / n, type);
        if (type.equals("VEC3") || type.equals("SCALAR")) {
            ObjectNode acc = (ObjectNode) array("accessors").get(a);
            ArrayNode min = acc.putArray("min");
            ArrayNode max = acc.putArray("max");
            for (int c = 0; c < n; c++) {
                float lo = Float.POSITIVE_INFINITY;
                float hi = Float.NEGATIVE_INFINITY;
                for (int i = c; i < v.length; i += n) {
                    lo = Math.min(lo, v[i]);
                    hi = Math.max(hi, v[i]);
                }
                min.add(lo);
                max.add(hi);
            }
        }
        return a;
    }

    /** A tightly packed integer accessor of the given component type (values truncated to it). */
    int ints(int componentType, boolean normalized, String type, int... v) {
        int size = componentType == UNSIGNED_INT ? 4 : componentType == SHORT || componentType == UNSIGNED_SHORT ? 2 : 1;
        ByteBuffer b = ByteBuffer.allocate(size * v.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int x : v) {
            if (size == 1) {
                b.put((byte) x);
            } else if (size == 2) {
                b.putShort((short) x);
            } else {
                b.putInt(x);
            }
        }
        return accessor(view(b.array(), 0), 0, componentType, normalized, v.length / components(type), type);
    }

    ObjectNode node(String name) {
        ObjectNode n = add("nodes");
        if (name != null) {
            n.put("name", name);
        }
        return n;
    }

    /** Adds a root node listed in scene 0, as a viewer would show it. */
    ObjectNode sceneNode(String name) {
        ObjectNode n = node(name);
        ((ArrayNode) root.get("scenes").get(0).get("nodes")).add(root.get("nodes").size() - 1);
        return n;
    }

    static ArrayNode nums(ObjectNode owner, String field, float... v) {
        ArrayNode a = owner.putArray(field);
        for (float x : v) {
            a.add(x);
        }
        return a;
    }

    static ArrayNode ints(ObjectNode owner, String field, int... v) {
        ArrayNode a = owner.putArray(field);
        for (int x : v) {
            a.add(x);
        }
        return a;
    }

    private void finishBuffer(boolean dataUri) {
        while (bin.size() % 4 != 0) {
            bin.write(0);
        }
        if (bin.size() > 0) {
            ObjectNode b = array("buffers").size() > 0 ? (ObjectNode) array("buffers").get(0) : add("buffers");
            b.put("byteLength", bin.size());
            if (dataUri) {
                b.put("uri", "data:application/octet-stream;base64,"
                        + Base64.getEncoder().encodeToString(bin.toByteArray()));
            }
        }
    }

    byte[] binBytes() {
        return bin.toByteArray();
    }

    /** @return the document as {@code .gltf} JSON with the buffer in a data URI */
    byte[] gltf() {
        finishBuffer(true);
        return json();
    }

    byte[] json() {
        try {
            return Json.mapper().writeValueAsString(root).getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the document as GLB with the buffer in the BIN chunk */
    byte[] glb() {
        finishBuffer(false);
        return glbAsIs();
    }

    /** @return the document as GLB with the JSON exactly as it is (buffers[0] is not updated) */
    byte[] glbAsIs() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            Glb.write(out, json(), bin.toByteArray(), bin.size());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * Rewrites the JSON chunk of a GLB file, keeping its BIN chunk.
     *
     * @param glb a GLB file
     * @param edit changes the parsed JSON in place
     * @return the new file
     */
    static byte[] editJson(byte[] glb, java.util.function.Consumer<ObjectNode> edit) {
        Glb.Chunks c = Glb.parse(glb, new java.util.ArrayList<>());
        ObjectNode json = Json.parse(glb, c.jsonOffset(), c.jsonLength(), "edited.glb");
        edit.accept(json);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            byte[] bin = c.binOffset() < 0 ? new byte[0]
                    : java.util.Arrays.copyOfRange(glb, c.binOffset(), c.binOffset() + c.binLength());
            Glb.write(out, Json.mapper().writeValueAsString(json).getBytes(StandardCharsets.UTF_8), bin, bin.length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * A minimal skinned document: node 0 "root" with child 1 "joint" (translation 0,1,0), node 2
     * "body" with mesh 0 and skin 0 (joint node 1, identity inverse bind matrix); one triangle
     * with JOINTS_0 unsigned byte and WEIGHTS_0 float; accessors: 0 POSITION, 1 JOINTS_0,
     * 2 WEIGHTS_0, 3 indices (unsigned short), 4 inverse bind matrices.
     */
    static TestGltf minimalSkinned() {
        TestGltf g = new TestGltf();
        ints(g.node("root"), "children", 1);
        nums(g.node("joint"), "translation", 0, 1, 0);
        g.node("body").put("mesh", 0).put("skin", 0);
        ints(g.add("scenes"), "nodes", 0, 2);
        g.root.put("scene", 0);
        int pos = g.floats("VEC3", 0, 0, 0, 1, 0, 0, 0, 1, 0);
        int joints = g.ints(UNSIGNED_BYTE, false, "VEC4", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        int weights = g.floats("VEC4", 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0);
        int idx = g.ints(UNSIGNED_SHORT, false, "SCALAR", 0, 1, 2, 0);
        ((ObjectNode) g.array("accessors").get(idx)).put("count", 3);
        int ibm = g.floats("MAT4", 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1);
        ObjectNode prim = g.add("meshes").putArray("primitives").addObject();
        prim.putObject("attributes").put("POSITION", pos).put("JOINTS_0", joints).put("WEIGHTS_0", weights);
        prim.put("indices", idx);
        ObjectNode skin = g.add("skins");
        ints(skin, "joints", 1);
        skin.put("inverseBindMatrices", ibm);
        return g;
    }
}
