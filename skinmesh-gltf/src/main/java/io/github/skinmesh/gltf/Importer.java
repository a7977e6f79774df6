package io.github.skinmesh.gltf;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.gltf.internal.Json;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One read of a glTF document, as a pipeline of stages over an immutable {@link GltfDocument}:
 * each stage takes the document and the values earlier stages returned, and returns its own
 * immutable value.
 *
 * <pre>
 * GltfDocument.parse  container, JSON, buffers, node table
 * SkinImport          joints and inverse bind matrices per skin
 * AnimationImport     which nodes transform channels move
 * SkeletonImport      the bones, their names, the palettes
 * MaterialImport      materials and images, decoded when a primitive first uses them
 * PrimitiveImport     meshes, decoded when a node first uses them
 * PartImport          the parts, placed on the skeleton, and their sources
 * AnimationImport     the clips
 * </pre>
 *
 * <p>Warnings are appended, in document order, to one list that every stage is given; nothing a
 * stage reads is written by another.
 */
final class Importer {
    private Importer() {
    }

    /** @return the document's top-level extras as compact JSON text, or null when it has none */
    private static @Nullable String extras(GltfDocument doc) {
        JsonNode extras = doc.root().get("extras");
        if (extras == null) {
            return null;
        }
        try {
            return Json.mapper().writeValueAsString(extras);
        } catch (JsonProcessingException e) {
            throw new AssertionError("a parsed tree always serializes", e);
        }
    }

    /**
     * Reads a document.
     *
     * @param bytes the document's bytes, not copied
     * @param name the document's name; ending in {@code .glb} it requires the GLB container
     * @param label the name messages start with where they name the whole document, or {@code null}
     *     when the caller attaches the file to the exception with {@link FormatException#withSource}
     * @param resolver loads external buffers and images
     * @param options reading options
     * @return the asset
     * @throws FormatException when the document is malformed, inconsistent or unsupported
     */
    static GltfAsset read(byte[] bytes, String name, @Nullable String label, ResourceResolver resolver,
            GltfReadOptions options) {
        List<String> warnings = new ArrayList<>();
        try {
            GltfDocument doc = GltfDocument.parse(bytes, name, label, resolver, options, warnings);
            SkinImport.Skins skins = SkinImport.read(doc, warnings);
            AnimationImport animations = new AnimationImport(doc);
            boolean[] animated = animations.transformTargets();
            SkeletonImport.Nodes nodes = SkeletonImport.read(doc, skins, animated, warnings);
            MaterialImport materials = new MaterialImport(doc);
            PrimitiveImport primitives = new PrimitiveImport(doc, skins, nodes, materials);
            PartImport.Parts parts = PartImport.read(doc, nodes, primitives, warnings);
            List<AnimationClip> clips = animations.clips(nodes, parts, primitives, warnings);
            Character character = Character.of(nodes.skeleton().name(), nodes.skeleton(), parts.parts(), clips);
            return new GltfAsset(character, parts.sources(), materials.sources(), warnings, nodes.nodeOfBoneTable(),
                    nodes.boneOfNodeTable(), extras(doc));
        } catch (ValidationException e) {
            throw new FormatException(label == null ? e.getMessage() : label + ": " + e.getMessage(), e);
        }
    }
}
