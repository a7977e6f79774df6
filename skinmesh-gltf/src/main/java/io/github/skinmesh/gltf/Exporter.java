package io.github.skinmesh.gltf;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.LittleEndianWriter;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.gltf.internal.Glb;
import io.github.skinmesh.gltf.internal.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the JSON and the BIN chunk of a GLB file from a {@link Character}, in stages that mirror
 * the reader's:
 *
 * <pre>
 * ExportPlan       nodes, local transforms, the meshes written; validates the character
 * NodeExport       bone nodes, part nodes, skins, children, scene
 * MeshExport       meshes and primitives with their accessors
 * MaterialExport   materials, textures, samplers, images
 * AnimationExport  animations
 * AccessorWriter   the BIN chunk, its accessors and buffer views
 * </pre>
 *
 * <p>Everything is built in memory before a byte is written, so a {@link ValidationException}
 * leaves no output. Output depends only on the character and the options (insertion-ordered JSON,
 * shortest float text, no time stamps): parts are written in order, each as its mesh, then its
 * skin, then its node; then the clips, then the skins that declare otherwise unreachable bones.
 */
final class Exporter {
    /** Most bytes of the BIN chunk: the largest Java array, rounded down to a multiple of 4. */
    static final long MAX_BIN_BYTES = LittleEndianWriter.MAX_SIZE & ~3L;

    /**
     * Size limits of the output; tests use small ones to reach them with small assets.
     *
     * @param binBytes most bytes of the BIN chunk, a multiple of 4, at most {@link #MAX_BIN_BYTES}
     * @param fileBytes most bytes of the GLB file, at most {@link Glb#MAX_LENGTH}
     */
    record Limits(long binBytes, long fileBytes) {
        /** The format's limits. */
        static final Limits DEFAULTS = new Limits(MAX_BIN_BYTES, Glb.MAX_LENGTH);
    }

    private Exporter() {
    }

    /**
     * The built file, ready to be written.
     *
     * @param json the JSON chunk's bytes (UTF-8, unpadded)
     * @param bin the BIN chunk (padded to 4 bytes; empty when there is no buffer)
     * @param nodeCount glTF nodes
     * @param meshCount glTF meshes
     * @param primitiveCount glTF primitives
     * @param accessorCount glTF accessors
     * @param imageCount images
     * @param animationCount animations
     * @param warnings what could not be written exactly
     */
    record Exported(byte[] json, LittleEndianWriter bin, int nodeCount, int meshCount, int primitiveCount,
            int accessorCount, int imageCount, int animationCount, List<String> warnings) {
        /** @return the length of the GLB file */
        long fileLength() {
            return Glb.totalLength(json.length, bin.size());
        }

        /**
         * Writes the GLB file.
         *
         * @param out the destination; not closed
         * @return the bytes written
         * @throws IOException when the stream fails
         */
        long writeTo(OutputStream out) throws IOException {
            return Glb.write(out, json, bin);
        }

        /** @return the counts and warnings, with the file's length */
        GltfWriteResult result() {
            return new GltfWriteResult(fileLength(), nodeCount, meshCount, primitiveCount, accessorCount, imageCount,
                    animationCount, warnings);
        }
    }

    /**
     * Builds the file.
     *
     * @param character the character
     * @param options writing options
     * @return the built file
     * @throws ValidationException as {@link GltfWriter#writeGlb(Character, OutputStream)}
     */
    static Exported export(Character character, GltfWriteOptions options) {
        return export(character, options, Limits.DEFAULTS);
    }

    /**
     * Builds the file within the given limits.
     *
     * @param limits size limits of the output
     */
    static Exported export(Character character, GltfWriteOptions options, Limits limits) {
        ExportPlan plan = ExportPlan.of(character, options);
        List<String> warnings = new ArrayList<>(plan.warnings());
        AccessorWriter out = new AccessorWriter(limits.binBytes());
        NodeExport nodes = new NodeExport(plan, out);
        MaterialExport materials = new MaterialExport(out);
        MeshExport meshes = new MeshExport(out, materials, options);
        AnimationExport animations = new AnimationExport(plan, out);
        for (ExportPlan.Placement p : plan.placements()) {
            warnings.addAll(p.warnings());
            int mesh = meshes.mesh(p, warnings);
            Skin palette = p.mesh().skin();
            int skin = palette == null ? Index.NONE : nodes.skin(p.part(), palette);
            nodes.part(p, mesh, skin);
        }
        for (AnimationClip clip : character.clips()) {
            animations.clip(clip, warnings);
        }
        for (ExportPlan.BoneSkin skin : plan.boneSkins()) {
            nodes.boneSkin(skin);
        }

        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ObjectNode assetInfo = root.putObject("asset");
        if (!options.generator().isEmpty()) {
            assetInfo.put("generator", options.generator());
        }
        assetInfo.put("version", "2.0");
        if (materials.usesUnlit()) {
            root.putArray("extensionsUsed").add("KHR_materials_unlit");
        }
        nodes.finish(root);
        JsonOut.putUnlessEmpty(root, "nodes", nodes.nodes());
        JsonOut.putUnlessEmpty(root, "meshes", meshes.meshes());
        JsonOut.putUnlessEmpty(root, "skins", nodes.skins());
        JsonOut.putUnlessEmpty(root, "animations", animations.animations());
        JsonOut.putUnlessEmpty(root, "materials", materials.materials());
        JsonOut.putUnlessEmpty(root, "textures", materials.textures());
        JsonOut.putUnlessEmpty(root, "images", materials.images());
        JsonOut.putUnlessEmpty(root, "samplers", materials.samplers());
        JsonOut.putUnlessEmpty(root, "accessors", out.accessors());
        JsonOut.putUnlessEmpty(root, "bufferViews", out.bufferViews());
        LittleEndianWriter bin = out.finish();
        if (bin.size() > 0) {
            root.putArray("buffers").addObject().put("byteLength", bin.size());
        }
        if (options.extras() != null) {
            root.putRawValue("extras", new RawValue(options.extras()));
        }
        byte[] json;
        try {
            json = Json.mapper().writeValueAsString(root).getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new AssertionError("a tree of objects, arrays, strings and numbers always serializes", e);
        }
        long length = Glb.totalLength(json.length, bin.size());
        if (length > limits.fileBytes()) {
            throw new ValidationException("GltfWriter: the GLB file would have " + length + " bytes (JSON "
                    + json.length + ", BIN " + bin.size() + "), more than the " + limits.fileBytes()
                    + " its header can state");
        }
        return new Exported(json, bin, nodes.nodes().size(), meshes.meshes().size(), meshes.primitiveCount(),
                out.accessors().size(), materials.images().size(), animations.animations().size(), warnings);
    }
}
