package io.github.skinmesh.core.combine;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.BoneSlots;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.internal.SlotSummary;
import io.github.skinmesh.core.mesh.VertexNormals;
import io.github.skinmesh.core.mesh.VertexTangents;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.joml.Matrix4f;
import org.jspecify.annotations.Nullable;

/**
 * One input made ready for combining, from the input alone (and the target skeleton, when one is
 * given): its transform baked, a rigid part turned into a one-bone skin, its palette entries
 * resolved to bone names of the output (unknown bones moved or dropped), the entries that carry
 * weight found, vertices without weight bound to entry 0 (as the poser treats them), and a vertex's
 * slots of one bone merged. Nothing here depends on the other inputs, so a {@link CombinePlan}
 * keeps it across slot swaps; what does depend on them (bind reconciliation, the union of
 * streams, the copy) happens at assembly.
 *
 * <p>Immutable but for thread-safe caches of data computed on demand from the baked mesh (normals
 * and tangents for a result that needs them, the open-edge vertices for welding) and of the last
 * reconciled vertex data; all are deterministic.
 */
final class PreparedPart {
    /** How the part is skinned. */
    enum Kind {
        /** Its mesh has a skin. */
        SKINNED,
        /** A rigid mesh hanging from a bone: one entry, vertices in the bone's space. */
        RIGID,
        /** A rigid mesh without a bone, bound to {@link CombineOptions#bindUnattachedTo()}. */
        BOUND
    }

    /** An influence moved to an ancestor. */
    record Move(String bone, String ancestor, int vertices) {
    }

    final CombineInput input;
    final String name;
    final Mesh mesh;
    final Kind kind;
    /** Slots per vertex: the skin's, or 1 for a rigid or bound part. */
    final int influences;
    /** Entry per slot ({@code influences*vertexCount}), the skin's weights (zero-weight vertices fixed); null when rigid or bound. */
    final int @Nullable [] joints;
    final float @Nullable [] weights;
    /** The slots the result gets: as {@link #joints} and {@link #weights}, a vertex's slots of one bone merged. */
    final int @Nullable [] outJoints;
    final float @Nullable [] outWeights;
    /** Whether {@link #outJoints}/{@link #outWeights} are in canonical form. */
    final boolean canonical;
    /** Whether some slot of {@link #outWeights} has weight 0 (so the copy must test each slot). */
    final boolean emptySlots;
    /** Per entry: the output bone's name, or null when the entry was dropped (weightless and unknown). */
    final @Nullable String[] entryBone;
    /** Per entry: the inverse bind matrix, 16 floats each. */
    final float[] entryIbm;
    /** Per entry: the vertex data is in the bone's own space (a rigid part), not a bind pose. */
    final boolean[] entryIntrinsic;
    /** Per entry: the entry's influence was moved to an ancestor. */
    final boolean[] entryMoved;
    /** Per entry: some vertex weights it. */
    final boolean[] entryUsed;
    final List<Move> moves;
    /** Palette bones dropped here: weightless and unknown to the target. */
    final List<String> droppedBones;
    /** Notes naming the part (never an input index, which a plan may change). */
    final List<String> warnings;
    /** Bone matrices the part binds when drawn alone. */
    final int paletteSize;
    /** Draw calls of the part drawn alone. */
    final int drawCalls;
    /** Triangles of the mesh that some submesh covers, counted once per covering submesh. */
    final long coveredTriangles;

    private float @Nullable [] computedNormals;
    private float @Nullable [] computedTangents;
    private int @Nullable [] openEdgeVertices;
    private @Nullable PartData lastData;

    private PreparedPart(CombineInput input, Mesh mesh, Kind kind, int influences, int @Nullable [] joints,
            float @Nullable [] weights, int @Nullable [] outJoints, float @Nullable [] outWeights, boolean canonical,
            boolean emptySlots, @Nullable String[] entryBone, float[] entryIbm, boolean[] entryIntrinsic, boolean[] entryMoved,
            boolean[] entryUsed, List<Move> moves, List<String> droppedBones, List<String> warnings) {
        this.input = input;
        this.name = input.part().name();
        this.mesh = mesh;
        this.kind = kind;
        this.influences = influences;
        this.joints = joints;
        this.weights = weights;
        this.outJoints = outJoints;
        this.outWeights = outWeights;
        this.canonical = canonical;
        this.emptySlots = emptySlots;
        this.entryBone = entryBone;
        this.entryIbm = entryIbm;
        this.entryIntrinsic = entryIntrinsic;
        this.entryMoved = entryMoved;
        this.entryUsed = entryUsed;
        this.moves = List.copyOf(moves);
        this.droppedBones = List.copyOf(droppedBones);
        this.warnings = List.copyOf(warnings);
        this.paletteSize = mesh.skin() != null ? mesh.skin().paletteSize() : 1;
        int calls = 0;
        for (Submesh s : mesh.submeshes()) {
            calls += Math.max(1, s.draws().size());
        }
        this.drawCalls = calls;
        long covered = 0;
        for (Submesh s : mesh.submeshes()) {
            covered += s.triangleCount();
        }
        this.coveredTriangles = covered;
    }

    int vertexCount() {
        return mesh.vertexCount();
    }

    int entryCount() {
        return entryBone.length;
    }

    /**
     * Prepares an input.
     *
     * @param input the input
     * @param where the operation and the input, for messages, e.g. {@code "combine: part 'hat' (input 3)"}
     * @param target the target skeleton, or null when the output skeleton is the union of the inputs'
     * @param remap the remap options
     * @param bindUnattachedTo the bone for a part with neither skin nor attach bone, or null
     * @throws ValidationException naming the part and the element
     */
    static PreparedPart prepare(CombineInput input, String where, @Nullable Skeleton target, RemapOptions remap,
            @Nullable String bindUnattachedTo) {
        Part part = input.part();
        Skeleton own = input.skeleton();
        Mesh source = part.mesh();
        Mesh baked = part.hasIdentityTransform() ? source : source.transformed(part.transform(new Matrix4f()));
        List<String> warnings = new ArrayList<>();
        String who = "part " + Checks.quote(part.name());
        Skin skin = source.skin();
        Kind kind;
        String[] ownBone;
        float[] ibm;
        boolean[] intrinsic;
        int k;
        int[] joints = null;
        float[] weights = null;
        boolean canonical = true;
        boolean[] used;
        boolean emptySlots = false;
        int n = baked.vertexCount();
        if (skin == null) {
            String attach = part.attachBone();
            if (attach != null) {
                kind = Kind.RIGID;
                ownBone = new String[] {attach};
                ibm = Matrices.IDENTITY.clone();
                intrinsic = new boolean[] {true};
            } else if (bindUnattachedTo != null) {
                int b = own.indexOf(bindUnattachedTo);
                if (b < 0) {
                    throw new ValidationException(where + ": has neither a skin nor an attach bone, and bone "
                            + Checks.quote(bindUnattachedTo) + " (bindUnattachedTo) is not in its skeleton "
                            + Checks.quote(own.name()));
                }
                kind = Kind.BOUND;
                ownBone = new String[] {bindUnattachedTo};
                ibm = Matrices.inverseRestModel(own, b);
                intrinsic = new boolean[] {false};
            } else {
                throw new ValidationException(where + ": has neither a skin nor an attach bone, expected a skinned"
                        + " mesh or a rigid mesh hanging from a bone (or CombineOptions.bindUnattachedTo)");
            }
            k = 1;
            used = new boolean[] {n > 0};
        } else {
            kind = Kind.SKINNED;
            ModelAccess.Bridge raw = ModelAccess.get();
            ownBone = raw.paletteNames(skin).clone();
            ibm = raw.inverseBindMatrices(skin).clone();
            intrinsic = new boolean[ownBone.length];
            BoneWeights w = skin.weights();
            k = w.influencesPerVertex();
            joints = raw.joints(w);
            weights = raw.weights(w);
            canonical = w.isCanonical();
            SlotSummary scan = raw.slotSummary(w);
            boolean[] weighted = new boolean[ownBone.length];
            for (int e = 0; e < weighted.length; e++) {
                weighted[e] = scan.weighted(e);
            }
            int unweighted = scan.unweightedRows;
            if (unweighted > 0) {
                joints = joints.clone();
                weights = weights.clone();
                bindUnweighted(joints, weights, k);
                if (!canonical) {
                    canonical = BoneSlots.isCanonical(joints, weights, k);
                }
                weighted[0] = true;
                warnings.add(who + ": " + unweighted + (unweighted == 1 ? " vertex has" : " vertices have")
                        + " no weight; bound to palette entry 0 (bone " + Checks.quote(ownBone[0])
                        + ") with weight 1, as the poser treats them");
            }
            used = weighted;
            emptySlots = scan.emptySlots > 0 && !(unweighted > 0 && k == 1);
        }
        int entries = ownBone.length;
        String[] entryBone = new String[entries];
        boolean[] moved = new boolean[entries];
        List<Move> moves = new ArrayList<>();
        List<String> dropped = new ArrayList<>();
        for (int e = 0; e < entries; e++) {
            String bone = ownBone[e];
            if (target == null || target.indexOf(bone) >= 0) {
                entryBone[e] = bone;
                continue;
            }
            String element = skin != null ? "palette entry " + e + " bone " : kind == Kind.RIGID ? "attach bone "
                    : "bindUnattachedTo bone ";
            if (!used[e]) {
                dropped.add(bone);
                warnings.add(who + ": " + element + Checks.quote(bone) + " is not in skeleton "
                        + Checks.quote(target.name()) + " and carries no weight; dropped");
                continue;
            }
            if (remap.unknownBones() == RemapOptions.UnknownBones.REJECT) {
                throw new ValidationException(where + ": " + element + Checks.quote(bone) + " is not in skeleton "
                        + Checks.quote(target.name()) + ", expected every weighted bone in the target skeleton"
                        + " (or RemapOptions.UnknownBones.MOVE_TO_ANCESTOR)");
            }
            int b = own.indexOf(bone);
            int ancestor = own.parent(b);
            while (ancestor != Skeleton.NO_PARENT && target.indexOf(own.boneName(ancestor)) < 0) {
                ancestor = own.parent(ancestor);
            }
            if (ancestor == Skeleton.NO_PARENT) {
                throw new ValidationException(where + ": " + element + Checks.quote(bone) + " is not in skeleton "
                        + Checks.quote(target.name()) + " and neither is any of its ancestors in skeleton "
                        + Checks.quote(own.name()) + ", expected an ancestor to move its influence to");
            }
            float[] derived = Matrices.ancestorInverseBind(own, b, ancestor, ibm, 16 * e);
            System.arraycopy(derived, 0, ibm, 16 * e, 16);
            entryBone[e] = own.boneName(ancestor);
            moved[e] = true;
            moves.add(new Move(bone, entryBone[e], skin == null ? n : countWeighting(joints, weights, e)));
        }
        int[] outJoints = joints;
        float[] outWeights = weights;
        if (joints != null && hasRepeatedBone(entryBone)) {
            outJoints = joints.clone();
            outWeights = weights.clone();
            int merged = mergeRepeatedBones(outJoints, outWeights, k, entryBone);
            if (merged > 0) {
                canonical = BoneSlots.isCanonical(outJoints, outWeights, k);
            } else {
                outJoints = joints;
                outWeights = weights;
            }
        }
        int draws = 0;
        for (Submesh s : baked.submeshes()) {
            draws += s.draws().size();
        }
        if (draws > 0) {
            warnings.add(who + ": its " + draws + " draws (bone-palette partitions) were dropped; partition the"
                    + " combined mesh again");
        }
        long triangles = baked.triangleCount();
        long covered = coverage(baked);
        if (covered < triangles) {
            warnings.add(who + ": " + (triangles - covered) + " of its " + triangles
                    + " triangles are in no submesh; they are not drawn and were left out");
        }
        if (outWeights != weights) {
            emptySlots = true; // merged rows have emptied slots
        }
        return new PreparedPart(input, baked, kind, k, joints, weights, outJoints, outWeights, canonical,
                emptySlots, entryBone, ibm, intrinsic, moved, used, moves, dropped, warnings);
    }

    /** The number of triangles that at least one submesh covers. */
    private static long coverage(Mesh mesh) {
        List<Submesh> subs = mesh.submeshes();
        long[] ranges = new long[subs.size()];
        for (int s = 0; s < ranges.length; s++) {
            ranges[s] = ((long) subs.get(s).firstIndex() << 32) | (subs.get(s).firstIndex() + subs.get(s).indexCount());
        }
        Arrays.sort(ranges);
        long covered = 0;
        long end = 0;
        for (long r : ranges) {
            long first = r >>> 32;
            long last = r & 0xFFFFFFFFL;
            if (last > end) {
                covered += last - Math.max(first, end);
                end = last;
            }
        }
        return covered / 3;
    }

    /** Gives each vertex without weight slot 0 = (entry 0, weight 1) and empty other slots. */
    private static void bindUnweighted(int[] joints, float[] weights, int k) {
        for (int base = 0; base < weights.length; base += k) {
            boolean any = false;
            for (int s = 0; s < k; s++) {
                any |= weights[base + s] > 0;
            }
            if (!any) {
                Arrays.fill(joints, base, base + k, 0);
                Arrays.fill(weights, base, base + k, 0f);
                weights[base] = 1f;
            }
        }
    }

    /** The number of weighted slots on {@code entry}: its vertices, as a vertex names an entry in one slot. */
    private static int countWeighting(int[] joints, float[] weights, int entry) {
        int count = 0;
        for (int i = 0; i < joints.length; i++) {
            if (joints[i] == entry && weights[i] > 0) {
                count++;
            }
        }
        return count;
    }

    private static boolean hasRepeatedBone(@Nullable String[] entryBone) {
        for (int a = 0; a < entryBone.length; a++) {
            for (int b = a + 1; b < entryBone.length; b++) {
                if (entryBone[a] != null && entryBone[a].equals(entryBone[b])) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Merges, per vertex, the weighted slots whose entries name one bone into the first of them
     * (weights added) and puts the merged rows in canonical order.
     *
     * @return the number of vertices changed
     */
    private static int mergeRepeatedBones(int[] joints, float[] weights, int k, @Nullable String[] entryBone) {
        int changed = 0;
        for (int base = 0; base < joints.length; base += k) {
            boolean row = false;
            for (int a = 0; a < k; a++) {
                if (!(weights[base + a] > 0) || entryBone[joints[base + a]] == null) {
                    continue;
                }
                for (int b = a + 1; b < k; b++) {
                    if (weights[base + b] > 0 && entryBone[joints[base + a]].equals(entryBone[joints[base + b]])) {
                        weights[base + a] += weights[base + b];
                        weights[base + b] = 0f;
                        joints[base + b] = 0;
                        row = true;
                    }
                }
            }
            if (row) {
                changed++;
                BoneSlots.canonicalizeRow(joints, weights, base, k);
            }
        }
        return changed;
    }

    /** @return normals computed from the baked mesh's triangles ({@link VertexNormals}), cached */
    synchronized float[] computedNormals() {
        if (computedNormals == null) {
            computedNormals = VertexNormals.compute(mesh);
        }
        return computedNormals;
    }

    /**
     * @return tangents computed from the baked mesh ({@link VertexTangents}) with its own normals,
     *     else the computed ones, cached
     */
    synchronized float[] computedTangents() {
        if (computedTangents == null) {
            float[] normals = ModelAccess.get().normals(mesh);
            float[] dst = new float[4 * mesh.vertexCount()];
            VertexTangents.computeInto(mesh, normals != null ? normals : computedNormals(), dst, 0);
            computedTangents = dst;
        }
        return computedTangents;
    }

    /**
     * @return the vertices on an open edge of the mesh (an edge, either direction, that exactly one
     *     triangle uses), ascending, cached
     */
    synchronized int[] openEdgeVertices() {
        if (openEdgeVertices == null) {
            int[] indices = ModelAccess.get().indices(mesh);
            Long2IntOpenHashMap edges = new Long2IntOpenHashMap(indices.length);
            for (int i = 0; i < indices.length; i += 3) {
                for (int c = 0; c < 3; c++) {
                    int a = indices[i + c];
                    int b = indices[i + (c + 1) % 3];
                    if (a != b) {
                        edges.addTo(edgeKey(a, b), 1);
                    }
                }
            }
            boolean[] open = new boolean[mesh.vertexCount()];
            for (var entry : edges.long2IntEntrySet()) {
                if (entry.getIntValue() == 1) {
                    long key = entry.getLongKey();
                    open[(int) (key >>> 32)] = true;
                    open[(int) key] = true;
                }
            }
            int count = 0;
            for (boolean o : open) {
                count += o ? 1 : 0;
            }
            int[] list = new int[count];
            for (int v = 0, i = 0; v < open.length; v++) {
                if (open[v]) {
                    list[i++] = v;
                }
            }
            openEdgeVertices = list;
        }
        return openEdgeVertices;
    }

    private static long edgeKey(int a, int b) {
        return ((long) Math.min(a, b) << 32) | Math.max(a, b);
    }

    /** @return the last reconciled data, if it was made for these corrections and streams */
    synchronized @Nullable PartData cachedData(float @Nullable [][] corrections, boolean normals, boolean tangents) {
        PartData d = lastData;
        return d != null && d.matches(corrections, normals, tangents) ? d : null;
    }

    synchronized void cacheData(PartData data) {
        lastData = data;
    }

    @Override
    public String toString() {
        return "PreparedPart[" + Checks.quote(name) + ", " + kind + ", " + entryBone.length + " entries]";
    }
}
