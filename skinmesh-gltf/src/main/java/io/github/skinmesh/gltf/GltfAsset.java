package io.github.skinmesh.gltf;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.TextureRef;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A skinned character as glTF holds it: one {@link Skeleton}, the skinned and rigid mesh
 * instances placed on it, the animation clips, and the warnings of the read.
 *
 * <p><b>Skeleton.</b> Read from a file, it holds every node that is a joint of any skin, every
 * node that is the parent of a skinned mesh node, every skinned mesh node targeted by a
 * translation, rotation or scale channel (with {@link GltfReadOptions.AnimatedNodes#ADD_AS_BONES},
 * every node so targeted), the skeleton hierarchy of every skin (below its {@code skeleton} node,
 * or below the closest common root of its joints in each tree that holds some: the nodes reached
 * without crossing a mesh node, such as helper bones, sockets and end sites, and every node a
 * translation, rotation or scale channel moves), and all their ancestors, so that model matrices
 * come out of one forward pass from the roots. Bones are ordered parents first and otherwise by
 * node index; bone names are node names, made unique ("node7" for a node without a name,
 * "Name#7" for the second node called "Name"); {@link #nodeOfBone} and {@link #boneOfNode} map
 * between the two. Rest transforms are the nodes' TRS or their decomposed matrices. A skeleton
 * written by {@link GltfWriter} reads back whole.
 *
 * <p><b>Instances.</b> {@link #skinnedMeshes()} lists the nodes with a mesh and a skin in node
 * index order, {@link #rigidMeshes()} those with a mesh and no skin; see {@link MeshInstance}
 * for the placement contract. {@link #clips()} holds one clip per glTF animation: bone channels
 * by bone name, morph weight channels by instance name.
 *
 * <p>Immutable and thread-safe. Equality compares the skeleton, the instances and the clips; the
 * node map and the warnings are not compared. Use {@link #builder(Skeleton)} to assemble an asset
 * for {@link GltfWriter}.
 */
public final class GltfAsset {
    private final Skeleton skeleton;
    private final List<MeshInstance> skinnedMeshes;
    private final List<MeshInstance> rigidMeshes;
    private final List<AnimationClip> clips;
    private final List<String> warnings;
    private final int[] nodeOfBone;
    private final int[] boneOfNode;

    GltfAsset(Skeleton skeleton, List<MeshInstance> skinnedMeshes, List<MeshInstance> rigidMeshes,
            List<AnimationClip> clips, List<String> warnings, int[] nodeOfBone, int[] boneOfNode) {
        this.skeleton = Objects.requireNonNull(skeleton, "skeleton");
        this.skinnedMeshes = List.copyOf(skinnedMeshes);
        this.rigidMeshes = List.copyOf(rigidMeshes);
        this.clips = List.copyOf(clips);
        this.warnings = List.copyOf(warnings);
        this.nodeOfBone = nodeOfBone;
        this.boneOfNode = boneOfNode;
        validate();
    }

    /**
     * Starts assembling an asset.
     *
     * @param skeleton the skeleton every instance and clip refers to
     * @return a builder
     */
    public static Builder builder(Skeleton skeleton) {
        return new Builder(skeleton);
    }

    /** @return the skeleton */
    public Skeleton skeleton() {
        return skeleton;
    }

    /** @return the skinned mesh instances, read-only, in node index order when read from a file */
    public List<MeshInstance> skinnedMeshes() {
        return skinnedMeshes;
    }

    /** @return the rigid mesh instances, read-only, in node index order when read from a file */
    public List<MeshInstance> rigidMeshes() {
        return rigidMeshes;
    }

    /** @return the clips, read-only, in file order */
    public List<AnimationClip> clips() {
        return clips;
    }

    /** @return what the reader tolerated or skipped, read-only; empty for an assembled asset */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * Finds an instance (skinned first, then rigid) by name.
     *
     * @param name the instance name
     * @return the instance, or {@code null}
     */
    public @Nullable MeshInstance instance(String name) {
        for (MeshInstance m : skinnedMeshes) {
            if (m.name().equals(name)) {
                return m;
            }
        }
        for (MeshInstance m : rigidMeshes) {
            if (m.name().equals(name)) {
                return m;
            }
        }
        return null;
    }

    /** @return the number of nodes of the file read, 0 for an assembled asset */
    public int nodeCount() {
        return boneOfNode.length;
    }

    /**
     * @param bone bone index, {@code 0 <= bone < skeleton().boneCount()}
     * @return the glTF node the bone was read from, or {@link Index#NONE} for an assembled asset
     * @throws IndexOutOfBoundsException when {@code bone} is out of range
     */
    public int nodeOfBone(int bone) {
        Objects.checkIndex(bone, skeleton.boneCount());
        return bone < nodeOfBone.length ? nodeOfBone[bone] : Index.NONE;
    }

    /**
     * @param node glTF node index, {@code 0 <= node < nodeCount()}
     * @return the bone made from that node, or {@link Index#NONE} when the node is not a bone
     * @throws IndexOutOfBoundsException when {@code node} is out of range
     */
    public int boneOfNode(int node) {
        Objects.checkIndex(node, boneOfNode.length);
        return boneOfNode[node];
    }

    /** @return the distinct materials of all instances, in order of first use (a fresh list) */
    public List<Material> materials() {
        LinkedHashSet<Material> set = new LinkedHashSet<>();
        for (List<MeshInstance> list : List.of(skinnedMeshes, rigidMeshes)) {
            for (MeshInstance m : list) {
                for (Mesh p : m.primitives()) {
                    set.addAll(p.materials());
                }
            }
        }
        return new ArrayList<>(set);
    }

    /** @return the distinct images of all materials, in order of first use (a fresh list) */
    public List<Image> images() {
        LinkedHashSet<Image> set = new LinkedHashSet<>();
        for (Material m : materials()) {
            for (TextureRef t : m.textures().values()) {
                set.add(t.image());
            }
        }
        return new ArrayList<>(set);
    }

    private void validate() {
        int bones = skeleton.boneCount();
        Map<String, MeshInstance> byName = new HashMap<>();
        for (int list = 0; list < 2; list++) {
            List<MeshInstance> instances = list == 0 ? skinnedMeshes : rigidMeshes;
            for (MeshInstance m : instances) {
                String where = "asset: " + (list == 0 ? "skinned" : "rigid") + " mesh instance " + Checks.quote(m.name());
                if (byName.put(m.name(), m) != null) {
                    throw new ValidationException(where + ": name used by two instances, expected unique names");
                }
                assert (list == 0) == m.isSkinned() : where + ": in the wrong list (the builder and the reader sort)";
                if (m.attachBone() >= bones) {
                    throw new ValidationException(where + ": attachBone " + m.attachBone() + ", expected "
                            + Skeleton.NO_PARENT + ".." + (bones - 1) + " (skeleton has " + bones + " bones)");
                }
                Mesh first = m.primitives().get(0);
                for (int p = 0; p < m.primitives().size(); p++) {
                    Mesh mesh = m.primitives().get(p);
                    Skin skin = mesh.skin();
                    if (skin != null) {
                        for (int e = 0; e < skin.paletteSize(); e++) {
                            if (skeleton.indexOf(skin.boneName(e)) < 0) {
                                throw new ValidationException(where + ": primitive " + p + ": palette entry " + e
                                        + " bone " + Checks.quote(skin.boneName(e)) + " is not in skeleton "
                                        + Checks.quote(skeleton.name()));
                            }
                        }
                    }
                    if (p > 0 && !sameMorphTargets(first, mesh)) {
                        throw new ValidationException(where + ": primitive " + p + " has " + mesh.morphTargets().size()
                                + " morph targets (names " + targetNames(mesh) + ", default weights "
                                + Arrays.toString(mesh.morphWeights()) + "), expected the same as primitive 0 ("
                                + first.morphTargets().size() + ", " + targetNames(first) + ", "
                                + Arrays.toString(first.morphWeights()) + ")");
                    }
                }
            }
        }
        for (AnimationClip clip : clips) {
            String where = "asset: clip " + Checks.quote(clip.name());
            for (BoneChannel c : clip.channels()) {
                if (skeleton.indexOf(c.bone()) < 0) {
                    throw new ValidationException(where + ": channel bone " + Checks.quote(c.bone())
                            + " is not in skeleton " + Checks.quote(skeleton.name()));
                }
            }
            for (MorphChannel c : clip.morphChannels()) {
                MeshInstance m = byName.get(c.target());
                if (m == null) {
                    throw new ValidationException(where + ": morph channel target " + Checks.quote(c.target())
                            + " is not a mesh instance of the asset");
                }
                int targets = m.primitives().get(0).morphTargets().size();
                if (c.weightCount() != targets) {
                    throw new ValidationException(where + ": morph channel " + Checks.quote(c.target()) + " weightCount "
                            + c.weightCount() + ", expected the instance's morph target count " + targets);
                }
            }
        }
    }

    private static boolean sameMorphTargets(Mesh a, Mesh b) {
        return a.morphTargets().size() == b.morphTargets().size() && targetNames(a).equals(targetNames(b))
                && Arrays.equals(a.morphWeights(), b.morphWeights());
    }

    private static List<String> targetNames(Mesh m) {
        List<String> names = new ArrayList<>();
        for (MorphTarget t : m.morphTargets()) {
            names.add(t.name());
        }
        return names;
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
        return skeleton.equals(a.skeleton) && skinnedMeshes.equals(a.skinnedMeshes)
                && rigidMeshes.equals(a.rigidMeshes) && clips.equals(a.clips);
    }

    @Override
    public int hashCode() {
        return Objects.hash(skeleton, skinnedMeshes, rigidMeshes, clips);
    }

    @Override
    public String toString() {
        return "GltfAsset[" + skeleton + ", " + skinnedMeshes.size() + " skinned, " + rigidMeshes.size() + " rigid, "
                + clips.size() + " clips, " + warnings.size() + " warnings]";
    }

    /**
     * Assembles a {@link GltfAsset} to export. Adders validate their argument;
     * {@link #build()} checks the cross references and is repeatable. Not thread-safe.
     *
     * <p>Example:
     * <pre>{@code
     * GltfAsset asset = GltfAsset.builder(skeleton)
     *         .addSkinnedMesh(MeshInstance.of("Body", List.of(body), Skeleton.NO_PARENT, new Matrix4f()))
     *         .addClip(walk)
     *         .build();
     * GltfWriter.writeGlb(asset, Path.of("character.glb"));
     * }</pre>
     */
    public static final class Builder {
        private final Skeleton skeleton;
        private final List<MeshInstance> skinned = new ArrayList<>();
        private final List<MeshInstance> rigid = new ArrayList<>();
        private final List<AnimationClip> clips = new ArrayList<>();

        Builder(Skeleton skeleton) {
            this.skeleton = Objects.requireNonNull(skeleton, "skeleton");
        }

        /**
         * Adds a skinned instance.
         *
         * @param instance an instance whose primitives are skinned
         * @return this builder
         * @throws ValidationException when the primitives have no skin
         */
        public Builder addSkinnedMesh(MeshInstance instance) {
            if (!instance.isSkinned()) {
                throw new ValidationException("asset builder: instance " + Checks.quote(instance.name())
                        + " has no skin, expected skinned primitives (use addRigidMesh)");
            }
            skinned.add(instance);
            return this;
        }

        /**
         * Adds a rigid instance.
         *
         * @param instance an instance whose primitives have no skin
         * @return this builder
         * @throws ValidationException when the primitives are skinned
         */
        public Builder addRigidMesh(MeshInstance instance) {
            if (instance.isSkinned()) {
                throw new ValidationException("asset builder: instance " + Checks.quote(instance.name())
                        + " is skinned, expected rigid primitives (use addSkinnedMesh)");
            }
            rigid.add(instance);
            return this;
        }

        /**
         * Adds a clip.
         *
         * @param clip bone channels name skeleton bones; morph channels name instances
         * @return this builder
         */
        public Builder addClip(AnimationClip clip) {
            clips.add(Objects.requireNonNull(clip, "clip"));
            return this;
        }

        /**
         * @return the asset
         * @throws ValidationException when two instances share a name, an attach bone is not in the
         *     skeleton, a palette or channel names a missing bone, a morph channel names a missing
         *     instance or has the wrong weight count, or the primitives of one instance differ in
         *     morph targets (count, names, default weights)
         */
        public GltfAsset build() {
            return new GltfAsset(skeleton, skinned, rigid, clips, List.of(), new int[0], new int[0]);
        }
    }
}
