package io.github.skinmesh.gltf;

import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A glTF document as read by {@link GltfReader}: a {@link Character} (skeleton, parts, clips) plus
 * what only a file has: where each part came from ({@link PartSource}), which node each bone was
 * read from, and the warnings of the read. To write a character, give {@link GltfWriter} the
 * {@link Character} itself.
 *
 * <p><b>Skeleton.</b> It holds every node that is a joint of any skin, every node that is the
 * parent of a skinned mesh node, every skinned mesh node targeted by a translation, rotation or
 * scale channel (with {@link GltfReadOptions.AnimatedNodes#ADD_AS_BONES}, every node so targeted),
 * the skeleton hierarchy of every skin (below its {@code skeleton} node, or below the closest
 * common root of its joints in each tree that holds some: the nodes reached without crossing a
 * mesh node, such as helper bones, sockets and end sites, and every node a translation, rotation or
 * scale channel moves), and all their ancestors, so that model matrices come out of one forward
 * pass from the roots. Bones are ordered parents first and otherwise by node index; bone names are
 * node names, made unique ("node7" for a node without a name, "Name#7" for the second node called
 * "Name"); {@link #nodeOfBone} and {@link #boneOfNode} map between the two. Rest transforms are the
 * nodes' TRS or their decomposed matrices. The skeleton's name, like the character's, is the
 * default scene's. A skeleton written by {@link GltfWriter} reads back whole.
 *
 * <p><b>Parts.</b> One {@link Part} per node that has a mesh with at least one triangle primitive,
 * skinned (the node has a skin) or rigid, in node index order, named by the node's (made-unique)
 * name; a node outside the default scene (which a viewer does not show) too, with a warning. A part's mesh is the node's glTF mesh as one core mesh: one submesh per triangle
 * primitive, in primitive order; primitives that share every vertex attribute accessor (and
 * morph target accessor) share their vertices, other primitives' vertices are appended (streams a
 * primitive lacks are filled as {@link io.github.skinmesh.core.mesh.Meshes#concat} documents, with
 * a warning naming the node and the primitive); the materials are the distinct glTF materials the
 * primitives use, in order of first use. Nodes that use the same mesh (and skin, and morph
 * weights) share one {@link io.github.skinmesh.core.model.Mesh} object. A skinned part has no
 * attach bone and the identity transform (glTF ignores a skinned node's transform; its placement
 * is kept in {@link PartSource}). A rigid part hangs from the node's own bone when the node is a
 * bone, else from its nearest bone ancestor, with the product of the non-bone nodes' matrices
 * from there down as its transform; with no bone above it, it has no attach bone and that product
 * is its model-space transform.
 *
 * <p><b>Clips.</b> One per glTF animation, in file order: bone channels by bone name, morph weight
 * channels by part name (the name of the node they target).
 *
 * <p><b>Images.</b> {@link #imageSources()} tells, per glTF image, where the file keeps it and
 * whether it was read; a texture's {@link Image} is the very instance its source holds.
 *
 * <p>Immutable and thread-safe. Equality compares the character, the part and image sources, the
 * node maps and the extras; the warnings are not compared.
 */
public final class GltfAsset {
    private final Character character;
    private final List<PartSource> sources;
    private final List<ImageSource> imageSources;
    private final List<String> warnings;
    private final int[] nodeOfBone;
    private final int[] boneOfNode;
    private final @Nullable String extras;

    /**
     * Adopts the tables.
     *
     * @param character the character read
     * @param sources one per part, in part order
     * @param imageSources one per glTF image, in index order
     * @param warnings what the reader tolerated
     * @param nodeOfBone per bone its node
     * @param boneOfNode per node its bone or {@link Index#NONE}
     * @param extras the document's top-level extras as compact JSON text, or null
     */
    GltfAsset(Character character, List<PartSource> sources, List<ImageSource> imageSources, List<String> warnings,
            int[] nodeOfBone, int[] boneOfNode, @Nullable String extras) {
        this.character = Objects.requireNonNull(character, "character");
        this.sources = List.copyOf(sources);
        this.imageSources = List.copyOf(imageSources);
        this.warnings = List.copyOf(warnings);
        this.nodeOfBone = nodeOfBone;
        this.boneOfNode = boneOfNode;
        this.extras = extras;
        assert this.sources.size() == character.parts().size() : "one source per part";
        assert nodeOfBone.length == character.skeleton().boneCount() : "one node per bone";
    }

    /**
     * The document's top-level {@code extras} (application data, such as the segment table of a
     * keyframe file), as compact JSON text: what {@link GltfWriteOptions#extras()} wrote reads back
     * as equal JSON (numbers as the reader parses them, doubles). Extras of other elements are not
     * kept.
     *
     * @return the extras' JSON text (of any JSON value the file holds there), or {@code null} when
     *     the document has none
     */
    public @Nullable String extras() {
        return extras;
    }

    /** @return the character: skeleton, parts in node index order, clips in file order */
    public Character character() {
        return character;
    }

    /** @return the skeleton (the character's) */
    public Skeleton skeleton() {
        return character.skeleton();
    }

    /** @return the parts (the character's), read-only, in node index order */
    public List<Part> parts() {
        return character.parts();
    }

    /** @return the clips (the character's), read-only, in file order */
    public List<AnimationClip> clips() {
        return character.clips();
    }

    /**
     * @param name a clip name
     * @return the first clip of that name, or {@code null}
     */
    public @Nullable AnimationClip clip(String name) {
        return character.clip(name);
    }

    /** @return what the reader tolerated or skipped, read-only */
    public List<String> warnings() {
        return warnings;
    }

    /** @return where each part came from, read-only, in part order */
    public List<PartSource> sources() {
        return sources;
    }

    /**
     * @param part part index, {@code 0 <= part < parts().size()}
     * @return where that part came from
     * @throws IndexOutOfBoundsException when {@code part} is out of range
     */
    public PartSource source(int part) {
        return sources.get(part);
    }

    /**
     * @param node glTF node index, {@code 0 <= node < nodeCount()}
     * @return the index of the part read from that node, or {@link Index#NONE} when the node has no
     *     mesh (or none with a triangle primitive)
     * @throws IndexOutOfBoundsException when {@code node} is out of range
     */
    public int partOfNode(int node) {
        Objects.checkIndex(node, boneOfNode.length);
        for (int p = 0; p < sources.size(); p++) {
            if (sources.get(p).node() == node) {
                return p;
            }
        }
        return Index.NONE;
    }

    /** @return the number of nodes of the file read */
    public int nodeCount() {
        return boneOfNode.length;
    }

    /**
     * @param bone bone index, {@code 0 <= bone < skeleton().boneCount()}
     * @return the glTF node the bone was read from
     * @throws IndexOutOfBoundsException when {@code bone} is out of range
     */
    public int nodeOfBone(int bone) {
        return nodeOfBone[Objects.checkIndex(bone, nodeOfBone.length)];
    }

    /**
     * @param node glTF node index, {@code 0 <= node < nodeCount()}
     * @return the bone made from that node, or {@link Index#NONE} when the node is not a bone
     * @throws IndexOutOfBoundsException when {@code node} is out of range
     */
    public int boneOfNode(int node) {
        return boneOfNode[Objects.checkIndex(node, boneOfNode.length)];
    }

    /** @return the distinct materials of all parts, in order of first use (a fresh list) */
    public List<Material> materials() {
        return character.materials();
    }

    /** @return the distinct images of all materials, in order of first use (a fresh list) */
    public List<Image> images() {
        return character.images();
    }

    /**
     * What became of each image of the file: where it is stored, whether it was read (an image no
     * read primitive's material uses is not), and, when unreadable images are tolerated
     * ({@link GltfReadOptions.UnreadableImages#DROP_TEXTURES}), why one could not be read.
     *
     * @return one per entry of the file's {@code images} array, in index order, read-only
     */
    public List<ImageSource> imageSources() {
        return imageSources;
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof GltfAsset)) {
            return false;
        }
        GltfAsset a = (GltfAsset) o;
        return character.equals(a.character) && sources.equals(a.sources) && imageSources.equals(a.imageSources)
                && Arrays.equals(nodeOfBone, a.nodeOfBone) && Arrays.equals(boneOfNode, a.boneOfNode)
                && Objects.equals(extras, a.extras);
    }

    @Override
    public int hashCode() {
        return Objects.hash(character, sources, imageSources, Arrays.hashCode(nodeOfBone), Arrays.hashCode(boneOfNode),
                extras);
    }

    @Override
    public String toString() {
        long skinned = character.parts().stream().filter(Part::isSkinned).count();
        return "GltfAsset[" + character.skeleton() + ", " + skinned + " skinned, "
                + (character.parts().size() - skinned) + " rigid, " + character.clips().size() + " clips, "
                + nodeCount() + " nodes, " + warnings.size() + " warnings]";
    }
}
