package io.github.skinmesh.testkit.humanoid;

import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.testkit.internal.BindMatrices;
import java.util.List;

/**
 * Assembles one part: writes its surfaces into exactly sized streams, weights them, builds the
 * part's bone palette (the bones it is weighted to, in skeleton order or shuffled) with inverse
 * bind matrices of the rest pose, and attaches material and morph targets.
 */
final class PartMesh {
    /** Stream separator of the palette shuffles. */
    private static final long PALETTE_STREAM = 0x50414C4554544521L;
    /** Distance floor of the skin weights as a fraction of the height. */
    private static final double MIN_DISTANCE = 0.002;

    private PartMesh() {
    }

    static Mesh build(HumanoidPart part, List<SurfaceGrid> grids, Rig rig, Proportions p, Material material,
            long seed, HumanoidOptions options) {
        int vertexCount = 0;
        int indexCount = 0;
        for (SurfaceGrid g : grids) {
            vertexCount += g.vertexCount();
            indexCount += g.indexCount();
        }
        float[] positions = new float[3 * vertexCount];
        float[] normals = new float[3 * vertexCount];
        float[] tangents = new float[4 * vertexCount];
        float[] uvs = new float[2 * vertexCount];
        int[] indices = new int[indexCount];
        int k = options.influencesPerVertex();
        int[] joints = new int[k * vertexCount];
        float[] weights = new float[k * vertexCount];
        int v = 0;
        int i = 0;
        for (SurfaceGrid g : grids) {
            g.write(positions, normals, tangents, uvs, v, indices, i);
            SkinWeights.compute(rig, positions, v, g.vertexCount(), g.bones, k, MIN_DISTANCE * p.height, joints,
                    weights);
            v += g.vertexCount();
            i += g.indexCount();
        }

        int[] palette = palette(part, joints, seed, options.paletteOrder());
        int[] entryOfBone = new int[Rig.BONE_COUNT];
        String[] names = new String[palette.length];
        for (int e = 0; e < palette.length; e++) {
            entryOfBone[palette[e]] = e;
            names[e] = rig.names[palette[e]];
        }
        for (int s = 0; s < joints.length; s++) {
            joints[s] = joints[s] == Index.NONE ? 0 : entryOfBone[joints[s]];
        }
        BoneWeights boneWeights = BoneWeights.of(k, joints, weights);
        Skin skin = Skin.of(names, BindMatrices.inverseRestModel(rig.skeleton, palette), boneWeights);

        Mesh.Builder b = Mesh.builder(part.meshName()).positions(positions).normals(normals)
                .tangents(tangents).addUvs(uvs).indices(indices).addSubmesh(0, indexCount, 0).addMaterial(material)
                .skin(skin);
        if (part == HumanoidPart.HEAD && options.faceMorphs() == FaceMorphs.MOUTH_AND_BROWS) {
            for (MorphTarget t : FaceMorphTargets.build(rig, p.height, positions)) {
                b.addMorphTarget(t);
            }
        }
        return b.build();
    }

    /** The bones that carry weight, in skeleton order or shuffled by a per-part stream of the seed. */
    private static int[] palette(HumanoidPart part, int[] joints, long seed, PaletteOrder order) {
        boolean[] used = new boolean[Rig.BONE_COUNT];
        int count = 0;
        for (int j : joints) {
            if (j != Index.NONE && !used[j]) {
                used[j] = true;
                count++;
            }
        }
        int[] palette = new int[count];
        int n = 0;
        for (int bone = 0; bone < used.length; bone++) {
            if (used[bone]) {
                palette[n++] = bone;
            }
        }
        if (order == PaletteOrder.SHUFFLED) {
            SplitMix64 r = new SplitMix64(seed ^ (PALETTE_STREAM + part.ordinal()));
            for (int e = count - 1; e > 0; e--) {
                int swap = r.nextInt(0, e);
                int t = palette[e];
                palette[e] = palette[swap];
                palette[swap] = t;
            }
        }
        return palette;
    }
}
