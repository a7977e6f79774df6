package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.internal.BoneSlots;
import io.github.skinmesh.core.internal.ModelAccess;
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
 * 17, shared 2-vCPU Zen 3): 106 to 117 Mvertices/s, 0.16x to 0.18x of the same-run baseline, an
 * {@code System.arraycopy} of the result's bytes between two arrays that stay in the cache.
 * Allocating the result's arrays alone runs at 0.56x to 0.73x of that baseline, so a combination
 * that returns new arrays cannot reach the workload's goal of 0.5x on this machine: the JVM zeroes
 * the new arrays, and the stream of new memory evicts the inputs, which are then read from memory.
 * What was tried: re-validating the result as every mesh does (concat, before the trusted path:
 * 0.07x); finding the weighted entries with a scattered {@code boolean} store per slot, then with
 * one mask register (each as costly as copying the joints; four masks are 3 to 4 times faster); a
 * branch per slot in the joint renumbering (skipped for parts without empty slots); a small young
 * generation ({@code -Xmn24m}, slower: more collections).
 */
final class Assembly {
    private Assembly() {
    }

    /** The result's streams before the mesh is built (and before welding compacts them). */
    static final class Streams {
        int vertexCount;
        float[] positions;
        float @Nullable [] normals;
        float @Nullable [] tangents;
        float @Nullable [] colors;
        float[][] uvs;
        float[][] attributes;
        int[] joints;
        float[] weights;
        float @Nullable [][] morphPositions;
        float @Nullable [][] morphNormals;
        float @Nullable [][] morphTangents;
        int[] indices;
        /** Index ranges: part, first source index, first index, count (4 ints each), in output order. */
        int[] ranges;
    }

    /** An assembly's layout and the streams its mesh adopted, which a later patch copies and never modifies. */
    record Assembled(Layout layout, Streams streams, CombineResult result, boolean patched) {
    }

    /**
     * Assembles a combination; when {@code previous} is given and {@link Patch#applies} to it,
     * starts from copies of its streams and rewrites only the parts that changed.
     */
    static Assembled run(Layout layout, @Nullable Assembled previous, Progress progress) {
        progress.checkCancelled("combine");
        int[] ranges = ranges(layout);
        boolean patched = previous != null && Patch.applies(previous, layout, ranges);
        Streams s = patched ? Patch.copy(previous, layout, ranges) : copy(layout, ranges);
        progress.update("combining", 1, 3);
        progress.checkCancelled("combine");
        Welding.Result weld = layout.options.welding() == CombineOptions.Welding.NONE ? null
                : Welding.run(layout, s);
        Mesh mesh = build(layout, s, weld == null);
        progress.update("combining", 2, 3);
        progress.checkCancelled("combine");
        Provenance provenance = provenance(layout, s, weld);
        List<String> warnings = new ArrayList<>(layout.warnings);
        List<AnimationClip> clips = ClipMerge.run(layout, warnings);
        Deviation deviation = Deviation.measure(layout, clips);
        Character character = Character.of(layout.name, layout.skeleton, List.of(Part.of(layout.name, mesh)), clips);
        CombineReport report = report(layout, mesh, weld, deviation, warnings, provenance);
        progress.update("combining", 3, 3);
        return new Assembled(layout, s, new CombineResult(character, report), patched);
    }

    /** Allocates every stream of the result and copies each part into it. */
    static Streams copy(Layout layout, int[] ranges) {
        List<PreparedPart> parts = layout.parts;
        int n = layout.vertexCount;
        int count = parts.size();
        ModelAccess.Bridge raw = ModelAccess.get();
        Streams s = new Streams();
        s.vertexCount = n;
        s.positions = new float[3 * n];
        s.normals = layout.normals ? new float[3 * n] : null;
        s.tangents = layout.tangents ? new float[4 * n] : null;
        s.colors = layout.colors ? new float[4 * n] : null;
        s.uvs = new float[layout.uvChannels][];
        for (int c = 0; c < layout.uvChannels; c++) {
            s.uvs[c] = new float[2 * n];
        }
        s.attributes = new float[layout.attributeNames.size()][];
        for (int a = 0; a < s.attributes.length; a++) {
            s.attributes[a] = new float[layout.attributeComponents.get(a) * n];
        }
        int k = layout.influences;
        s.joints = new int[k * n];
        s.weights = new float[k * n];
        for (int i = 0; i < count; i++) {
            PreparedPart p = parts.get(i);
            PartData d = layout.data[i];
            int v0 = layout.firstVertex[i];
            int pn = p.vertexCount();
            System.arraycopy(d.positions, 0, s.positions, 3 * v0, 3 * pn);
            if (s.normals != null) {
                System.arraycopy(d.normals, 0, s.normals, 3 * v0, 3 * pn);
            }
            if (s.tangents != null) {
                System.arraycopy(d.tangents, 0, s.tangents, 4 * v0, 4 * pn);
            }
            if (s.colors != null) {
                float[] own = raw.colors(p.mesh);
                if (own != null) {
                    System.arraycopy(own, 0, s.colors, 4 * v0, 4 * pn);
                } else {
                    Arrays.fill(s.colors, 4 * v0, 4 * (v0 + pn), 1f);
                }
            }
            for (int c = 0; c < Math.min(layout.uvChannels, p.mesh.uvChannelCount()); c++) {
                System.arraycopy(raw.uvs(p.mesh, c), 0, s.uvs[c], 2 * v0, 2 * pn);
            }
            for (int a = 0; a < s.attributes.length; a++) {
                VertexAttribute own = p.mesh.attribute(layout.attributeNames.get(a));
                if (own != null) {
                    own.valuesInto(s.attributes[a], layout.attributeComponents.get(a) * v0);
                }
            }
            copySlots(layout, i, s.joints, s.weights, k * v0);
        }
        copyMorphs(layout, s);
        s.ranges = ranges;
        s.indices = new int[(int) layout.indexCount];
        for (int i = 0; i < count; i++) {
            copyIndices(layout, ranges, i, s.indices);
        }
        return s;
    }

    /**
     * Writes part {@code i}'s slots at {@code offset} in the result's {@code K}-wide rows: joints
     * through the part's entry-to-palette map, extra slots empty. A canonical part's empty slots
     * keep joint 0; a part kept as stored has every slot's joint mapped (0 for a dropped entry).
     */
    static void copySlots(Layout layout, int i, int[] joints, float[] weights, int offset) {
        PreparedPart p = layout.parts.get(i);
        int k = layout.influences;
        int pn = p.vertexCount();
        int[] map = layout.entryPalette[i];
        if (p.outJoints == null) {
            int joint = Math.max(0, map[0]);
            for (int v = 0, d = offset; v < pn; v++, d += k) {
                joints[d] = joint;
                weights[d] = 1f;
            }
            return;
        }
        int[] srcJ = p.outJoints;
        float[] srcW = p.outWeights;
        int pk = p.influences;
        int[] safe = new int[map.length];
        for (int e = 0; e < map.length; e++) {
            safe[e] = Math.max(0, map[e]);
        }
        if (pk == k) {
            System.arraycopy(srcW, 0, weights, offset, pk * pn);
            if (!p.emptySlots) {
                for (int j = 0, end = pk * pn; j < end; j++) {
                    joints[offset + j] = safe[srcJ[j]];
                }
            } else if (p.canonical) {
                for (int j = 0, end = pk * pn; j < end; j++) {
                    joints[offset + j] = srcW[j] == 0f ? 0 : safe[srcJ[j]];
                }
            } else {
                for (int j = 0, end = pk * pn; j < end; j++) {
                    joints[offset + j] = safe[srcJ[j]];
                }
            }
            return;
        }
        for (int v = 0, s = 0, d = offset; v < pn; v++, s += pk, d += k) {
            for (int slot = 0; slot < pk; slot++) {
                float w = srcW[s + slot];
                weights[d + slot] = w;
                joints[d + slot] = p.canonical && w == 0f ? 0 : safe[srcJ[s + slot]];
            }
        }
    }

    /** Each united target: each part's deltas at its vertex offset, zeros where it has none. */
    static void copyMorphs(Layout layout, Streams s) {
        MorphLayout morphs = layout.morphs;
        int targets = morphs.size();
        int n = layout.vertexCount;
        s.morphPositions = new float[targets][];
        s.morphNormals = new float[targets][];
        s.morphTangents = new float[targets][];
        for (int t = 0; t < targets; t++) {
            boolean[] streams = morphs.streams.get(t);
            s.morphPositions[t] = streams[0] ? new float[3 * n] : null;
            s.morphNormals[t] = streams[1] ? new float[3 * n] : null;
            s.morphTangents[t] = streams[2] ? new float[3 * n] : null;
        }
        for (int i = 0; i < layout.parts.size(); i++) {
            PartData d = layout.data[i];
            int[] remap = morphs.remap[i];
            int o = 3 * layout.firstVertex[i];
            for (int own = 0; own < remap.length; own++) {
                int t = remap[own];
                copy(d.morphPositions[own], s.morphPositions[t], o);
                copy(d.morphNormals[own], s.morphNormals[t], o);
                copy(d.morphTangents[own], s.morphTangents[t], o);
            }
        }
    }

    private static void copy(float @Nullable [] src, float @Nullable [] dst, int offset) {
        if (src != null && dst != null) {
            System.arraycopy(src, 0, dst, offset, src.length);
        }
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
            if (ranges[r] != i) {
                continue;
            }
            for (int j = ranges[r + 1], end = j + ranges[r + 3], o = ranges[r + 2] - j; j < end; j++) {
                dst[o + j] = src[j] + offset;
            }
        }
    }

    /** Builds the mesh on the trusted path; with {@code presetBounds} the bounds are the union of the parts'. */
    static Mesh build(Layout layout, Streams s, boolean presetBounds) {
        ModelAccess.Bridge raw = ModelAccess.get();
        Mesh.Builder b = raw.trustedMeshBuilder(layout.name);
        b.positions(s.positions);
        if (presetBounds) {
            Bounds bounds = Bounds.EMPTY;
            for (PartData d : layout.data) {
                bounds = bounds.union(d.bounds);
            }
            raw.presetBounds(b, bounds);
        }
        b.normals(s.normals);
        b.tangents(s.tangents);
        b.colors(s.colors);
        for (float[] uv : s.uvs) {
            b.addUvs(uv);
        }
        for (int a = 0; a < s.attributes.length; a++) {
            b.addAttribute(raw.trustedAttribute(layout.attributeNames.get(a), layout.attributeComponents.get(a),
                    s.attributes[a]));
        }
        b.indices(s.indices);
        int first = 0;
        for (int g = 0; g < layout.groups.size(); g++) {
            int count = (int) (long) layout.groups.indexCounts.get(g);
            b.addSubmesh(first, count, g);
            b.addMaterial(layout.groups.materials.get(g));
            first += count;
        }
        boolean canonical = layout.canonical || BoneSlots.isCanonical(s.joints, s.weights, layout.influences);
        BoneWeights weights = raw.trustedWeights(layout.influences, s.joints, s.weights, canonical);
        b.skin(raw.trustedSkin(layout.paletteNames.clone(), layout.paletteIbm.clone(), weights));
        MorphLayout morphs = layout.morphs;
        float[] defaults = new float[morphs.size()];
        for (int t = 0; t < morphs.size(); t++) {
            MorphTarget target = raw.trustedMorphTarget(morphs.names.get(t), s.morphPositions[t], s.morphNormals[t],
                    s.morphTangents[t]);
            b.addMorphTarget(target);
            defaults[t] = morphs.defaultWeights.get(t);
        }
        b.morphWeights(defaults);
        return b.build();
    }

    private static Provenance provenance(Layout layout, Streams s, Welding.@Nullable Result weld) {
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
            return new Provenance(names, runs.toIntArray(), new int[0], s.ranges);
        }
        return new Provenance(names, weld.runs, weld.welded, s.ranges);
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
