package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.internal.BoneSlots;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.internal.StreamUnion;
import io.github.skinmesh.core.internal.VertexCopy;
import io.github.skinmesh.core.internal.VertexStreams;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.VertexAttribute;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The final copy of a combination: allocates each stream of the result once and copies every
 * part's (reconciled) data into it at the part's vertex offset, joints renumbered into the
 * palette, indices offset and grouped by material; welds seams when asked; builds the mesh on the
 * model's trusted path (every value was copied from validated data, computed by the reconciliation
 * or by the normal and tangent generators, or is a fill constant); then the clips, the measured
 * deviations and the report.
 *
 * <p>Work is linear in the output size; besides the output it allocates small tables per part
 * (and, when welding, a hash grid of the open-edge vertices and the compacted streams).
 *
 * <p>Measured on workload {@code combine} ({@code CombineBench}, six parts of 10,242 vertices, JDK
 * 17, shared 2-vCPU machine with AVX-512, ratios to the same-run baseline, an
 * {@code System.arraycopy} of the result's bytes between two arrays that stay in the cache; the
 * figures of each run are in the bench module's {@code results.csv}): into reused
 * {@link CombineBuffers} 0.78x (median of seven runs, 0.60x to 0.87x; 0.35x before the changes
 * below), with the vector kernel of the joint renumbering; 0.55x without the incubator module; a
 * new mesh 0.21x to 0.28x, with allocating the result's arrays alone at about 0.57x: the mesh
 * path costs the allocation (the JVM zeroes the new arrays, and the stream of new memory evicts
 * the inputs) plus the copy, and cannot reach the workload's goal of 0.5x on this machine. Where
 * the buffers path spends its time (medians of a timing harness on the same machine under load,
 * microseconds per combination, the baseline copy taking about 100): the streams'
 * {@code System.arraycopy} 55, the joint renumbering about 25 (63 with the scalar loop, see
 * {@code JointRenumbering}), the indices 31 (66 when copied and offset in one loop, which C2 does
 * not vectorize), laying out the combination 10 (16 before comparing matrices' bits first and
 * taking one shared skeleton as its own union), preparing the parts 2.5.
 * What was tried: re-validating the result as every mesh does (concat, before the trusted path:
 * 0.07x); finding the weighted entries with a scattered {@code boolean} store per slot, then with
 * one mask register (each as costly as copying the joints; four masks are 3 to 4 times faster,
 * and the scan is now kept per bone weights, see {@code SlotSummary}, so combining the same parts
 * again skips it: 0.16x to 0.18x before); a branch per slot in the joint renumbering (skipped for
 * parts without empty slots, or when entry 0 maps to joint 0); a small young generation
 * ({@code -Xmn24m}, slower: more collections).
 */
final class Assembly {
    private Assembly() {
    }

    /** An assembly's layout, index ranges and the streams its mesh adopted, which a later patch copies and never modifies. */
    record Assembled(Layout layout, int[] ranges, VertexStreams streams, CombineResult result, boolean patched) {
    }

    /**
     * Assembles a combination; when {@code previous} is given and {@link Patch#applies} to it,
     * starts from copies of its streams and rewrites only the parts that changed.
     */
    static Assembled run(Layout layout, int[] ranges, @Nullable Assembled previous, Progress progress) {
        progress.checkCancelled("combine");
        boolean patched = previous != null && Patch.applies(previous.layout(), previous.ranges(), layout, ranges);
        VertexStreams s;
        if (patched) {
            s = previous.streams().copy();
            Patch.rewrite(previous.layout(), layout, ranges, s);
        } else {
            s = VertexStreams.allocate(layout.streams, true, layout.vertexCount, (int) layout.indexCount);
            copyAll(layout, ranges, s);
        }
        progress.update("combining", 1, 3);
        progress.checkCancelled("combine");
        Welding.Result weld = layout.options.welding() == CombineOptions.Welding.NONE ? null
                : Welding.run(layout, s);
        Mesh mesh = build(layout, s, weld == null);
        progress.update("combining", 2, 3);
        progress.checkCancelled("combine");
        Provenance provenance = provenance(layout, ranges, weld);
        List<String> warnings = new ArrayList<>(layout.warnings);
        List<AnimationClip> clips = ClipMerge.run(layout, warnings);
        Deviation deviation = Deviation.measure(layout, clips);
        Character character = Character.of(layout.name, layout.skeleton, List.of(Part.of(layout.name, mesh)), clips);
        CombineReport report = report(layout, mesh, weld, deviation, warnings, provenance);
        progress.update("combining", 3, 3);
        return new Assembled(layout, ranges, s, new CombineResult(character, report), patched);
    }

    /** Copies every part into {@code dst}, whose arrays are long enough for the layout. */
    static void copyAll(Layout layout, int[] ranges, VertexStreams dst) {
        for (int i = 0; i < layout.parts.size(); i++) {
            copyPart(layout, ranges, i, dst);
        }
    }

    /** Writes every element of part {@code i}'s vertex range and index ranges of {@code dst}. */
    static void copyPart(Layout layout, int[] ranges, int i, VertexStreams dst) {
        VertexCopy.copy(source(layout, i), dst, layout.firstVertex[i]);
        copyIndices(layout, ranges, i, dst.indices);
    }

    /** Part {@code i}'s (reconciled) streams, its slots and entry-to-palette map, and its morph deltas, for the copy. */
    private static VertexCopy.Source source(Layout layout, int i) {
        ModelAccess.Bridge raw = ModelAccess.get();
        PreparedPart p = layout.parts.get(i);
        PartData d = layout.data[i];
        StreamUnion u = layout.streams;
        Mesh m = p.mesh;
        VertexCopy.Source src = new VertexCopy.Source();
        src.vertexCount = p.vertexCount();
        src.positions = d.positions;
        src.normals = d.normals;
        src.tangents = d.tangents;
        src.colors = raw.colors(m);
        src.uvs = new float[Math.min(u.uvChannels, m.uvChannelCount())][];
        for (int c = 0; c < src.uvs.length; c++) {
            src.uvs[c] = raw.uvs(m, c);
        }
        if (!u.attributeNames.isEmpty()) {
            src.attributes = new float[u.attributeNames.size()][];
            for (int a = 0; a < src.attributes.length; a++) {
                VertexAttribute own = m.attribute(u.attributeNames.get(a));
                src.attributes[a] = own == null ? null : raw.values(own);
            }
        }
        src.influences = p.influences;
        src.joints = p.outJoints;
        src.weights = p.outWeights;
        src.canonical = p.canonical;
        src.emptySlots = p.emptySlots;
        src.jointMap = layout.entryPalette[i];
        src.morphPositions = d.morphPositions;
        src.morphNormals = d.morphNormals;
        src.morphTangents = d.morphTangents;
        src.morphRemap = u.morphRemap[i];
        return src;
    }

    /**
     * Where each material group's submeshes go, part after part: per range the part, its first
     * source index, the first output index and the count (4 ints each), in output order.
     */
    static int[] ranges(Layout layout) {
        IntArrayList ranges = new IntArrayList();
        int d = 0;
        for (IntArrayList members : layout.groups.members) {
            for (int m = 0; m < members.size(); m += 2) {
                int i = members.getInt(m);
                Submesh sub = layout.parts.get(i).mesh.submeshes().get(members.getInt(m + 1));
                if (sub.indexCount() == 0) {
                    continue;
                }
                ranges.add(i);
                ranges.add(sub.firstIndex());
                ranges.add(d);
                ranges.add(sub.indexCount());
                d += sub.indexCount();
            }
        }
        return ranges.toIntArray();
    }

    /** Writes part {@code i}'s triangles to its ranges of {@code dst}, offset by its first vertex. */
    static void copyIndices(Layout layout, int[] ranges, int i, int[] dst) {
        int[] src = ModelAccess.get().indices(layout.parts.get(i).mesh);
        int offset = layout.firstVertex[i];
        for (int r = 0; r < ranges.length; r += 4) {
            if (ranges[r] == i) {
                VertexCopy.indices(src, ranges[r + 1], dst, ranges[r + 2], ranges[r + 3], offset);
            }
        }
    }

    /**
     * Builds the mesh on the trusted path from streams of exactly the mesh's size (which it adopts);
     * with {@code presetBounds} the bounds are the union of the parts'.
     */
    static Mesh build(Layout layout, VertexStreams s, boolean presetBounds) {
        ModelAccess.Bridge raw = ModelAccess.get();
        StreamUnion u = layout.streams;
        Mesh.Builder b = raw.trustedMeshBuilder(layout.name);
        b.positions(s.positions);
        if (presetBounds) {
            raw.presetBounds(b, bounds(layout));
        }
        b.normals(s.normals);
        b.tangents(s.tangents);
        b.colors(s.colors);
        for (float[] uv : s.uvs) {
            b.addUvs(uv);
        }
        for (int a = 0; a < s.attributes.length; a++) {
            b.addAttribute(raw.trustedAttribute(u.attributeNames.get(a), s.attributeComponents[a], s.attributes[a]));
        }
        b.indices(s.indices);
        int first = 0;
        for (int g = 0; g < layout.groups.size(); g++) {
            int count = (int) (long) layout.groups.indexCounts.get(g);
            b.addSubmesh(first, count, g);
            b.addMaterial(layout.groups.materials.get(g));
            first += count;
        }
        boolean canonical = layout.canonical || BoneSlots.isCanonical(s.joints, s.weights, s.influences);
        BoneWeights weights = raw.trustedWeights(s.influences, s.joints, s.weights, canonical);
        b.skin(raw.trustedSkin(layout.paletteNames.clone(), layout.paletteIbm.clone(), weights));
        for (int t = 0; t < u.morphTargetCount(); t++) {
            MorphTarget target = raw.trustedMorphTarget(u.morphNames.get(t), s.morphPositions[t], s.morphNormals[t],
                    s.morphTangents[t]);
            b.addMorphTarget(target);
        }
        b.morphWeights(u.morphWeights());
        return b.build();
    }

    /** The union of the parts' (reconciled) bounds: exactly the bounds of the result's positions before welding. */
    static Bounds bounds(Layout layout) {
        Bounds bounds = Bounds.EMPTY;
        for (PartData d : layout.data) {
            bounds = bounds.union(d.bounds);
        }
        return bounds;
    }

    private static Provenance provenance(Layout layout, int[] ranges, Welding.@Nullable Result weld) {
        String[] names = layout.partNames.toArray(new String[0]);
        if (weld == null) {
            IntArrayList runs = new IntArrayList();
            for (int i : layout.vertexOrder) {
                int pn = layout.parts.get(i).vertexCount();
                if (pn > 0) {
                    runs.add(i);
                    runs.add(0);
                    runs.add(layout.firstVertex[i]);
                    runs.add(pn);
                }
            }
            return new Provenance(names, runs.toIntArray(), new int[0], ranges);
        }
        return new Provenance(names, weld.runs, weld.welded, ranges);
    }

    private static CombineReport report(Layout layout, Mesh mesh, Welding.@Nullable Result weld, Deviation deviation,
            List<String> warnings, Provenance provenance) {
        int count = layout.parts.size();
        int verticesBefore = 0;
        long trianglesBefore = 0;
        int bonesBefore = 0;
        int drawCallsBefore = 0;
        List<BoneMove> moves = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            PreparedPart p = layout.parts.get(i);
            verticesBefore += p.vertexCount();
            trianglesBefore += p.mesh.triangleCount();
            bonesBefore += p.paletteSize;
            drawCallsBefore += p.drawCalls;
            for (PreparedPart.Move m : p.moves) {
                moves.add(new BoneMove(i, p.name, m.bone(), m.ancestor(), m.vertices()));
            }
        }
        return new CombineReport(count, 1, verticesBefore, mesh.vertexCount(), trianglesBefore, mesh.triangleCount(),
                bonesBefore, layout.paletteNames.length, drawCallsBefore, mesh.submeshes().size(),
                IndexWidth.forVertexCount(mesh.vertexCount()), layout.droppedBones, moves,
                deviation.corrections(layout), deviation.poses, weld == null ? 0 : weld.weldedCount, warnings,
                provenance);
    }
}
