package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.BoneSlots;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.VertexAttribute;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@link Combine#remapBones}: one skinned mesh re-expressed on another skeleton. The mesh is
 * prepared as a combine input is (unknown bones moved or rejected, weightless unknown bones
 * dropped, a vertex's slots of one bone merged); its palette becomes the target bones its entries
 * name, each once, in the target's order; where a moved influence meets another matrix for the
 * same bone the vertices are reconciled ({@link BindReconciliation}); everything else (streams,
 * submeshes, draws with their entries renumbered, materials, morph targets) is kept.
 */
final class RemapBones {
    private RemapBones() {
    }

    static RemapResult run(Mesh mesh, Skeleton meshSkeleton, Skeleton target, RemapOptions options) {
        String where = "remapBones: mesh " + Checks.quote(mesh.name());
        Skin skin = mesh.skin();
        if (skin == null) {
            throw new ValidationException(where + ": has no skin, expected a skinned mesh");
        }
        for (int e = 0; e < skin.paletteSize(); e++) {
            if (meshSkeleton.indexOf(skin.boneName(e)) < 0) {
                throw new ValidationException(where + ": palette entry " + e + " bone " + Checks.quote(skin.boneName(e))
                        + " is not in the mesh's skeleton " + Checks.quote(meshSkeleton.name()));
            }
        }
        PreparedPart p = PreparedPart.prepare(CombineInput.of(meshSkeleton, Part.of(mesh.name(), mesh)), where, target,
                options, null);
        int entries = p.entryCount();
        int[] bone = SkeletonUnion.lookup(target, p.entryBone);
        // the part's matrices on the target's bones, scaled where a bone's frame has another unit there
        List<String> unitNotes = new ArrayList<>();
        float[] entryIbm = Layout.unitScaled(List.of(p), target, options, "mesh", unitNotes)[0];
        boolean[] inPalette = new boolean[target.boneCount()];
        for (int b : bone) {
            if (b >= 0) {
                inPalette[b] = true;
            }
        }
        int[] paletteOfBone = new int[target.boneCount()];
        List<String> names = new ArrayList<>();
        IntArrayList bones = new IntArrayList();
        for (int b = 0; b < inPalette.length; b++) {
            paletteOfBone[b] = inPalette[b] ? names.size() : -1;
            if (inPalette[b]) {
                names.add(target.boneName(b));
                bones.add(b);
            }
        }
        if (names.isEmpty()) {
            throw new ValidationException(where + ": no palette bone is in skeleton " + Checks.quote(target.name())
                    + ", expected at least one");
        }
        int size = names.size();
        int[] map = new int[entries];
        for (int e = 0; e < entries; e++) {
            map[e] = bone[e] < 0 ? -1 : paletteOfBone[bone[e]];
        }
        float[] ibm = new float[16 * size];
        boolean keep = options.inverseBinds() == RemapOptions.InverseBinds.KEEP;
        int[] tier = new int[size];
        Arrays.fill(tier, Integer.MAX_VALUE);
        if (keep) {
            for (int e = 0; e < entries; e++) {
                int pe = map[e];
                int t = !p.entryUsed[e] ? 2 : p.entryMoved[e] ? 1 : 0;
                if (pe >= 0 && t < tier[pe]) {
                    tier[pe] = t;
                    System.arraycopy(entryIbm, 16 * e, ibm, 16 * pe, 16);
                }
            }
        } else {
            for (int pe = 0; pe < size; pe++) {
                System.arraycopy(Matrices.inverseRestModel(target, bones.getInt(pe)), 0, ibm, 16 * pe, 16);
            }
        }
        float[][] corrections = null;
        if (keep) {
            for (int e = 0; e < entries; e++) {
                int pe = map[e];
                if (pe < 0 || !p.entryUsed[e]
                        || Matrices.near(entryIbm, 16 * e, ibm, 16 * pe, options.bindTolerance())) {
                    continue;
                }
                if (corrections == null) {
                    corrections = new float[entries][];
                }
                corrections[e] = Matrices.correction(ibm, 16 * pe, entryIbm, 16 * e);
            }
        }
        PartData data = BindReconciliation.correct(p, corrections, mesh.hasNormals(), mesh.hasTangents());
        Mesh out = build(mesh, p, data, map, names.toArray(new String[0]), ibm);
        int[] reference = new int[size];
        Deviation deviation = Deviation.measure(new Deviation.Setting(target, List.of(p), new int[][] {map},
                new float[][] {entryIbm}, ibm, new float[][][] {corrections}, new PartData[] {data}), List.of(), 0);
        List<BindCorrection> reconciled = deviation.corrections(new PartData[] {data}, new int[][] {map},
                names.toArray(new String[0]), reference);
        List<BoneMove> moves = new ArrayList<>();
        for (PreparedPart.Move m : p.moves) {
            moves.add(new BoneMove(0, mesh.name(), m.bone(), m.ancestor(), m.vertices()));
        }
        List<String> warnings = new ArrayList<>(p.warnings);
        warnings.addAll(unitNotes);
        return new RemapResult(out, moves, reconciled, p.droppedBones, warnings);
    }

    private static Mesh build(Mesh mesh, PreparedPart p, PartData data, int[] map, String[] names, float[] ibm) {
        ModelAccess.Bridge raw = ModelAccess.get();
        Mesh.Builder b = raw.trustedMeshBuilder(mesh.name());
        b.positions(data.positions); // shared with the mesh when no vertex moved: both are immutable
        b.normals(data.normals);
        b.tangents(data.tangents);
        b.colors(raw.colors(mesh));
        for (int c = 0; c < mesh.uvChannelCount(); c++) {
            b.addUvs(raw.uvs(mesh, c));
        }
        for (VertexAttribute a : mesh.attributes()) {
            b.addAttribute(a);
        }
        b.indices(raw.indices(mesh));
        for (Submesh s : mesh.submeshes()) {
            List<Draw> draws = new ArrayList<>(s.draws().size());
            for (Draw d : s.draws()) {
                IntArrayList entries = new IntArrayList();
                for (int i = 0; i < d.paletteEntryCount(); i++) {
                    int pe = map[d.paletteEntry(i)];
                    if (pe >= 0 && !entries.contains(pe)) {
                        entries.add(pe);
                    }
                }
                draws.add(raw.adoptDraw(d.firstIndex(), d.indexCount(), entries.toIntArray()));
            }
            b.addSubmesh(new Submesh(s.firstIndex(), s.indexCount(), s.materialIndex(), draws));
        }
        for (Material m : mesh.materials()) {
            b.addMaterial(m);
        }
        int k = p.influences;
        int n = mesh.vertexCount();
        int[] joints = new int[k * n];
        float[] weights = p.outWeights;
        int[] src = p.outJoints;
        for (int i = 0; i < joints.length; i++) {
            joints[i] = p.canonical && weights[i] == 0f ? 0 : Math.max(0, map[src[i]]);
        }
        boolean canonical = p.canonical || BoneSlots.isCanonical(joints, weights, k);
        BoneWeights w = raw.trustedWeights(k, joints, weights, canonical);
        b.skin(raw.trustedSkin(names, ibm, w));
        for (int t = 0; t < mesh.morphTargets().size(); t++) {
            b.addMorphTarget(raw.trustedMorphTarget(mesh.morphTargets().get(t).name(), data.morphPositions[t],
                    data.morphNormals[t], data.morphTangents[t]));
        }
        b.morphWeights(mesh.morphWeights());
        return b.build();
    }
}
