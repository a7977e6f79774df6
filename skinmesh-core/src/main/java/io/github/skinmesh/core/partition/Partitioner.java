package io.github.skinmesh.core.partition;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.mesh.Meshes;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * {@link Partition#partition}: checks the arguments, makes oversize triangles fit or fails
 * ({@link InfluenceDropping}), groups each submesh's triangles ({@link GreedyGrouping}, or
 * {@link RegionGrowing} then {@link Refinement} compared with the refined greedy grouping), then
 * lays the groups out as draws and splits the vertices they share, as the exporter does: a vertex
 * belongs to the first draw (submesh by submesh, draw by draw, triangle by triangle, corner by
 * corner) that uses it, and every other draw using it gets a copy appended after the mesh's
 * vertices, in that order. The new mesh is built by {@link Meshes#selectVertices(Mesh, int[], int[], List)},
 * which carries every stream.
 */
final class Partitioner {
    static final String WHERE = "partition";

    private Partitioner() {
    }

    static PartitionResult run(Mesh mesh, int maxBones, PartitionOptions options, Progress progress) {
        Objects.requireNonNull(mesh, "mesh");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(progress, "progress");
        Checks.requireRange(WHERE, "maxBones", maxBones, 1, Skin.MAX_PALETTE_SIZE);
        Skin skin = mesh.skin();
        if (skin == null) {
            throw new ValidationException(WHERE + ": mesh " + Checks.quote(mesh.name())
                    + " has no skin, expected a skinned mesh (bone palettes partition bone weights)");
        }
        boolean greedy = options.mode() == PartitionMode.GREEDY;
        ModelAccess.Bridge raw = ModelAccess.get();
        BoneWeights bw = skin.weights();
        int k = bw.influencesPerVertex();
        progress.checkCancelled(WHERE);
        InfluenceDropping dropping = InfluenceDropping.run(mesh, raw.joints(bw), raw.weights(bw), maxBones, greedy,
                options.oversize() == OversizeTriangles.DROP_INFLUENCES);
        int[] joints = dropping.joints;
        float[] weights = dropping.weights;
        int[] indices = raw.indices(mesh);
        int n = mesh.vertexCount();

        int[] localBone = new int[skin.paletteSize()];
        Arrays.fill(localBone, -1);
        int[] localVertex = new int[n];
        Arrays.fill(localVertex, -1);
        int[] owner = new int[n]; // first draw (global number) that uses each vertex
        Arrays.fill(owner, -1);
        int[] copyFor = new int[n]; // draw for which copyOf holds the vertex's copy
        Arrays.fill(copyFor, -1);
        int[] copyOf = new int[n];
        int[] seenBySubmesh = new int[n];
        Arrays.fill(seenBySubmesh, -1);
        int[] seenByDraw = new int[n];
        Arrays.fill(seenByDraw, -1);
        IntArrayList newToOld = new IntArrayList(n + n / 8);
        for (int v = 0; v < n; v++) {
            newToOld.add(v);
        }
        int[] newIndices = indices.clone();
        List<Submesh> submeshes = mesh.submeshes();
        List<Submesh> newSubmeshes = new ArrayList<>(submeshes.size());
        List<SubmeshPartition> reports = new ArrayList<>(submeshes.size());
        long totalTriangles = mesh.triangleCount();
        long doneTriangles = 0;
        int drawId = 0;
        for (int s = 0; s < submeshes.size(); s++) {
            progress.checkCancelled(WHERE);
            progress.update("partitioning triangles", doneTriangles, totalTriangles);
            Submesh sub = submeshes.get(s);
            int triangles = sub.triangleCount();
            int first = sub.firstIndex();
            if (triangles == 0) {
                newSubmeshes.add(sub.withDraws(List.of()));
                reports.add(new SubmeshPartition(s, 0, 0, 0, 0, 0, 0, 0));
                continue;
            }
            BoneSets sets = BoneSets.of(indices, first, triangles, joints, weights, k, greedy, localBone);
            int lowerBound = LowerBound.of(sets, maxBones);
            Grouping grouping;
            int[][] palettes;
            if (greedy) {
                grouping = GreedyGrouping.run(sets, maxBones);
                palettes = grouping.palettes;
            } else {
                grouping = optimized(sets, indices, first, triangles, joints, weights, k, maxBones, localBone,
                        localVertex);
                palettes = ascendingPalettes(sets, grouping);
            }
            // triangles by group, each group's in their original order
            int groups = grouping.count;
            int[] groupStart = new int[groups + 1];
            for (int t = 0; t < triangles; t++) {
                groupStart[grouping.groupOf[t] + 1]++;
            }
            for (int g = 0; g < groups; g++) {
                groupStart[g + 1] += groupStart[g];
            }
            int[] order = new int[triangles];
            int[] fill = groupStart.clone();
            for (int t = 0; t < triangles; t++) {
                order[fill[grouping.groupOf[t]]++] = t;
            }
            List<Draw> draws = new ArrayList<>(groups);
            int before = 0;
            int after = 0;
            int duplicates = 0;
            int maxPalette = 0;
            int out = first;
            for (int g = 0; g < groups; g++, drawId++) {
                int drawFirst = out;
                for (int m = groupStart[g]; m < groupStart[g + 1]; m++) {
                    int src = first + 3 * order[m];
                    for (int c = 0; c < 3; c++) {
                        int v = indices[src + c];
                        if (seenBySubmesh[v] != s) {
                            seenBySubmesh[v] = s;
                            before++;
                        }
                        if (seenByDraw[v] != drawId) {
                            seenByDraw[v] = drawId;
                            after++;
                        }
                        int nv;
                        if (owner[v] < 0) {
                            owner[v] = drawId;
                            nv = v;
                        } else if (owner[v] == drawId) {
                            nv = v;
                        } else if (copyFor[v] == drawId) {
                            nv = copyOf[v];
                        } else {
                            copyFor[v] = drawId;
                            copyOf[v] = newToOld.size();
                            newToOld.add(v);
                            duplicates++;
                            nv = copyOf[v];
                        }
                        newIndices[out++] = nv;
                    }
                }
                int[] entries = new int[palettes[g].length];
                for (int e = 0; e < entries.length; e++) {
                    entries[e] = sets.entry(palettes[g][e]);
                }
                maxPalette = Math.max(maxPalette, entries.length);
                draws.add(Draw.of(drawFirst, out - drawFirst, entries));
            }
            newSubmeshes.add(sub.withDraws(draws));
            reports.add(new SubmeshPartition(s, triangles, groups, before, after, duplicates, maxPalette, lowerBound));
            doneTriangles += triangles;
        }
        progress.update("partitioning triangles", totalTriangles, totalTriangles);
        progress.checkCancelled(WHERE);

        Mesh source = mesh;
        if (dropping.changed) {
            BoneWeights changed = BoneWeights.ofSlots(k, joints, weights);
            source = mesh.toBuilder().skin(skin.withWeights(changed)).build();
        }
        int[] map = newToOld.toIntArray();
        Mesh result = Meshes.selectVertices(source, map, newIndices, newSubmeshes);
        int draws = 0;
        int duplicates = 0;
        int maxPalette = 0;
        int lowerBound = 0;
        for (SubmeshPartition r : reports) {
            draws += r.draws();
            duplicates += r.duplicatedVertices();
            maxPalette = Math.max(maxPalette, r.maxBonesPerDraw());
            lowerBound += r.lowerBound();
        }
        assert duplicates == map.length - n;
        PartitionReport report = new PartitionReport(options.mode(), maxBones, reports, draws, n, map.length, duplicates,
                maxPalette, lowerBound, dropping.droppedInfluences, dropping.changedVertices, dropping.changedTriangles,
                dropping.weightRemoved, dropping.largestFraction, dropping.largestVertex, dropping.warnings);
        return new PartitionResult(result, map, report);
    }

    /**
     * The optimized grouping of one submesh: grown then refined; when that has more groups than
     * the exporter's grouping, or more copies, the exporter's grouping refined as well, and the
     * better of the two (fewer groups, then fewer copies, then the grown one).
     */
    private static Grouping optimized(BoneSets sets, int[] indices, int first, int triangles, int[] joints,
            float[] weights, int k, int maxBones, int[] localBone, int[] localVertex) {
        Topology topology = Topology.of(indices, first, triangles, localVertex);
        Grouping grown = Refinement.run(sets, topology, RegionGrowing.run(sets, topology, maxBones), maxBones);
        BoneSets allSlots = BoneSets.of(indices, first, triangles, joints, weights, k, true, localBone);
        if (allSlots.maxSize() > maxBones) {
            return grown; // the exporter's grouping would have oversize draws: nothing to compare with
        }
        Grouping exporter = GreedyGrouping.run(allSlots, maxBones);
        long grownSplits = topology.splits(grown.groupOf);
        if (grown.count < exporter.count
                || (grown.count == exporter.count && 2 * grownSplits <= topology.splits(exporter.groupOf))) {
            return grown;
        }
        Grouping refined = Refinement.run(sets, topology, new Grouping(exporter.count, exporter.groupOf, null), maxBones);
        long refinedSplits = topology.splits(refined.groupOf);
        if (refined.count < grown.count || (refined.count == grown.count && refinedSplits < grownSplits)) {
            return refined;
        }
        return grown;
    }

    /** Each group's palette: the bones its triangles' sets hold, as local bones in ascending palette order. */
    private static int[][] ascendingPalettes(BoneSets sets, Grouping grouping) {
        int bones = sets.boneCount();
        // bones already listed for a group: a dense (group, bone) table when small, else a scan of the short list
        boolean dense = (long) grouping.count * bones <= Refinement.MAX_TABLE;
        boolean[] held = new boolean[dense ? grouping.count * bones : 0];
        IntArrayList[] lists = new IntArrayList[grouping.count];
        for (int g = 0; g < lists.length; g++) {
            lists[g] = new IntArrayList();
        }
        for (int t = 0; t < sets.triangles; t++) {
            int g = grouping.groupOf[t];
            for (int i = sets.start[t]; i < sets.start[t + 1]; i++) {
                int b = sets.bones[i];
                if (dense ? !held[g * bones + b] : !lists[g].contains(b)) {
                    if (dense) {
                        held[g * bones + b] = true;
                    }
                    lists[g].add(b);
                }
            }
        }
        int[][] palettes = new int[grouping.count][];
        long[] keyed = new long[0];
        for (int g = 0; g < palettes.length; g++) {
            int[] p = lists[g].toIntArray();
            if (keyed.length < p.length) {
                keyed = new long[p.length];
            }
            for (int i = 0; i < p.length; i++) {
                keyed[i] = ((long) sets.entry(p[i]) << 32) | p[i];
            }
            Arrays.sort(keyed, 0, p.length);
            for (int i = 0; i < p.length; i++) {
                p[i] = (int) keyed[i];
            }
            palettes[g] = p;
        }
        return palettes;
    }
}
