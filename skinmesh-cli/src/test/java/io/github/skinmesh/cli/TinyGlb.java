package io.github.skinmesh.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * A tiny skinned glTF binary for command tests, written here byte by byte: node 0 "root" with
 * child 1 "joint" (one unit up), node 2 "body" with mesh 0 and skin 0 (joint "joint", inverse
 * bind matrix one unit down), one triangle. Accessors: 0 positions (0,0,0) (1,0,0) (0,1,0),
 * 1 joints, 2 weights, 3 indices, 4 inverse bind matrix, 5 positions (0,0,0) (2,0,0) (0,1,0),
 * 6 key times 0 and 1 s, 7 scale keys (1,1,1) then (1e38,1e38,1e38). Tests edit the JSON.
 */
final class TinyGlb {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private TinyGlb() {
    }

    /** @return the document's JSON, for editing */
    static ObjectNode json() {
        ObjectNode root = MAPPER.createObjectNode();
        root.putObject("asset").put("version", "2.0");
        root.put("scene", 0);
        root.putArray("scenes").addObject().putArray("nodes").add(0).add(2);
        ArrayNode nodes = root.putArray("nodes");
        nodes.addObject().put("name", "root").putArray("children").add(1);
        nodes.addObject().put("name", "joint").putArray("translation").add(0).add(1).add(0);
        nodes.addObject().put("name", "body").put("mesh", 0).put("skin", 0);
        ObjectNode prim = root.putArray("meshes").addObject().putArray("primitives").addObject();
        prim.putObject("attributes").put("POSITION", 0).put("JOINTS_0", 1).put("WEIGHTS_0", 2);
        prim.put("indices", 3);
        ObjectNode skin = root.putArray("skins").addObject();
        skin.putArray("joints").add(1);
        skin.put("inverseBindMatrices", 4);
        ArrayNode views = root.putArray("bufferViews");
        ArrayNode accessors = root.putArray("accessors");
        int[][] layout = {{36, 5126, 3}, {12, 5121, 3}, {48, 5126, 3}, {6, 5123, 3}, {64, 5126, 1}, {36, 5126, 3},
            {8, 5126, 2}, {24, 5126, 2}};
        String[] types = {"VEC3", "VEC4", "VEC4", "SCALAR", "MAT4", "VEC3", "SCALAR", "VEC3"};
        int offset = 0;
        for (int i = 0; i < layout.length; i++) {
            views.addObject().put("buffer", 0).put("byteOffset", offset).put("byteLength", layout[i][0]);
            ObjectNode a = accessors.addObject().put("bufferView", i).put("componentType", layout[i][1])
                    .put("count", layout[i][2]).put("type", types[i]);
            if (i == 0 || i == 5) {
                a.putArray("min").add(0).add(0).add(0);
                a.putArray("max").add(i == 0 ? 1 : 2).add(1).add(0);
            } else if (i == 6) {
                a.putArray("min").add(0);
                a.putArray("max").add(1);
            }
            offset += (layout[i][0] + 3) & ~3;
        }
        root.putArray("buffers").addObject().put("byteLength", offset);
        return root;
    }

    /** @return the BIN chunk matching {@link #json()} */
    static byte[] bin() {
        ByteBuffer b = ByteBuffer.allocate(36 + 12 + 48 + 8 + 64 + 36 + 8 + 24).order(ByteOrder.LITTLE_ENDIAN);
        floats(b, 0, 0, 0, 1, 0, 0, 0, 1, 0);
        b.put(new byte[12]);
        floats(b, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0);
        b.putShort((short) 0).putShort((short) 1).putShort((short) 2).putShort((short) 0);
        floats(b, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1);
        floats(b, 0, 0, 0, 2, 0, 0, 0, 1, 0);
        floats(b, 0, 1);
        floats(b, 1, 1, 1, 1e38f, 1e38f, 1e38f);
        return b.array();
    }

    private static void floats(ByteBuffer b, float... v) {
        for (float x : v) {
            b.putFloat(x);
        }
    }

    /**
     * @param edit changes the JSON of the tiny document
     * @return the edited document as a GLB file
     */
    static byte[] glb(Consumer<ObjectNode> edit) {
        ObjectNode json = json();
        edit.accept(json);
        return glb(json, bin());
    }

    /** Writes the GLB container: header, JSON chunk padded with spaces, BIN chunk padded with zeros. */
    static byte[] glb(ObjectNode json, byte[] bin) {
        byte[] text;
        try {
            text = MAPPER.writeValueAsString(json).getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int jsonLength = (text.length + 3) & ~3;
        int binLength = (bin.length + 3) & ~3;
        ByteBuffer out = ByteBuffer.allocate(12 + 8 + jsonLength + 8 + binLength).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(0x46546C67).putInt(2).putInt(out.capacity());
        out.putInt(jsonLength).putInt(0x4E4F534A).put(text);
        for (int i = text.length; i < jsonLength; i++) {
            out.put((byte) ' ');
        }
        out.putInt(binLength).putInt(0x004E4942).put(bin); // the rest of the buffer: zero padding
        return out.array();
    }

    /** Sets a node's scale. */
    static void scale(ObjectNode json, int node, float s) {
        ((ObjectNode) json.get("nodes").get(node)).putArray("scale").add(s).add(s).add(s);
    }
}
