package io.github.skinmesh.laya;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.LittleEndianWriter;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.VertexAttribute;
import io.github.skinmesh.core.partition.OversizeTriangles;
import io.github.skinmesh.core.partition.Partition;
import io.github.skinmesh.core.partition.PartitionOptions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The {@code .lm} writer: the byte layout of LayaAir's Unity exporter (spec sections 2-7, 12),
 * without its bugs (section 14).
 *
 * <p>Layout, every region right after the previous one, no padding: header and block table, the
 * MESH block (static: with the exporter's 8 unused bytes), one SUBMESH block per submesh, then at
 * {@code DATA.offset} the string table ({@code MESH}, {@code SUBMESH}, mesh name, declaration,
 * bone names; every string appended, each reference to its first equal entry), the interleaved
 * vertex buffer, the index buffer (16-bit up to 65,535 vertices counted after vertex splitting,
 * else 32-bit), and for a skinned mesh the inverse bind poses and the bone dictionaries, submesh by
 * submesh, draw by draw. {@code DATA.size} is the exporter's formula (end of the index data plus
 * the first SUBMESH block's length).
 *
 * <p>Submeshes are written in order, their index ranges concatenated (a range the mesh leaves
 * uncovered is not written, an overlapping one is written twice), so the file's ranges are
 * consecutive whatever the mesh's were. A vertex belongs to the first draw (submesh order, then
 * draw order) that uses it; every other draw using it gets a copy appended after the mesh's
 * vertices in order of first need, so no vertex is shared by two draws (the exporter's vertex
 * splitting; a mesh from {@link Partition} needs none). Each drawn vertex's bone slots become
 * positions in its draw's dictionary (a zero-weight slot whose bone the draw does not bind gets
 * 0); vertices no triangle draws keep their palette indices' low bytes.
 *
 * <p>Two steps: a {@link Layout} checks the mesh, splits vertices, packs each written vertex's local
 * bone slots and computes every offset and length (so the file's exact size is known); then
 * {@link Layout#encodeInto} writes the file front to back into an array the caller sized, the
 * vertex buffer in one pass, vertex by vertex, through an {@link LmCodec}. {@link LmWriteResult} holds the layout and encodes
 * on demand, into a fresh array or a caller's reusable one.
 *
 * <p>Measured on the 50,625-vertex, 4.0 MB testkit character (JDK 17, 10th percentile of 300 runs
 * on a shared 2-core machine): copying the file's bytes with {@code arraycopy} 65 us, allocating
 * its array 85-105 us, the layout 200-240 us (about half the index pass that finds each draw's
 * vertex range, half packing the local slots), the encoding about 290 us with the scalar codec
 * (vertex buffer about 230, indices about 60). The scalar codec's one 4-byte store per float is
 * 185 us on its own (2.9x the copy). The vector codec's one 16-byte store per element took 134 us
 * against the scalar codec's 253 in the same round-robin at load average 16 (the copy 125 us);
 * at load 22-27 both are bound by memory (268 against 306 us, the copy 272). With the layout and
 * the file's array a write stays under 0.3x the copy even into a reused array.
 */
final class LmWriter {
    static final String VERSION = "LAYAMODEL:0501";
    /** Longest string: the exporter computes lengths as signed 16-bit values. */
    static final int MAX_STRING_BYTES = Short.MAX_VALUE;
    private static final int MAX_U16 = 0xFFFF;
    /** Strings every file holds besides the bone names: MESH, SUBMESH, the mesh name, the declaration. */
    private static final int FIXED_STRINGS = 4;
    /** Most bones: the string table counts its entries in 16 bits and holds every bone name. */
    static final int MAX_BONES = MAX_U16 - FIXED_STRINGS;

    private LmWriter() {
    }

    /** Negates the floats of {@code M B M}, {@code M = diag(-1, 1, 1, 1)}, in place: 1, 2, 3, 4, 8, 12 of each matrix. */
    static void mirrorBindPoses(float[] ibm) {
        for (int m = 0; m < ibm.length; m += 16) {
            ibm[m + 1] = -ibm[m + 1];
            ibm[m + 2] = -ibm[m + 2];
            ibm[m + 3] = -ibm[m + 3];
            ibm[m + 4] = -ibm[m + 4];
            ibm[m + 8] = -ibm[m + 8];
            ibm[m + 12] = -ibm[m + 12];
        }
    }

    /** Which layout path a write takes; tests compare them, everything else uses {@link #AUTO}. */
    enum Route {
        /** The vertex-range path when it applies, else the general one. */
        AUTO,
        /** The general path only. */
        GENERAL,
        /** The vertex-range path, failing with an {@link IllegalStateException} when it does not apply. */
        RANGES
    }

    static LmWriteResult write(Mesh source, LmWriteOptions options) {
        return write(source, options, Route.AUTO);
    }

    static LmWriteResult write(Mesh source, LmWriteOptions options, Route route) {
        List<String> warnings = new ArrayList<>();
        String where = "LayaModels.write: mesh " + Checks.quote(source.name());
        if (source.uvChannelCount() > 2) {
            warnings.add(where + ": UV channels 2.." + (source.uvChannelCount() - 1)
                    + " not written (a .lm vertex holds UV and UV1)");
        }
        VertexAttribute normalBytes = null;
        for (VertexAttribute a : source.attributes()) {
            if (a.name().equals(LayaModels.NORMAL_BYTE_ATTRIBUTE) && a.componentCount() == 4) {
                normalBytes = a;
            } else {
                warnings.add(where + ": vertex attribute " + Checks.quote(a.name()) + " not written (a .lm vertex has"
                        + " no place for it)");
            }
        }
        if (!source.morphTargets().isEmpty()) {
            warnings.add(where + ": " + morphTargetsNotWritten(source));
        }
        int renumbered = 0;
        int first = -1;
        for (int i = 0; i < source.submeshes().size(); i++) {
            if (source.submeshes().get(i).materialIndex() != i) {
                renumbered++;
                first = first < 0 ? i : first;
            }
        }
        if (renumbered > 0) {
            warnings.add(where + ": " + renumbered + " submeshes use a material other than their own position (first:"
                    + " submesh " + first + " uses material " + source.submeshes().get(first).materialIndex()
                    + "); a .lm file names no material, LayaAir draws submesh i with its renderer's material i");
        }
        Mesh mesh = source;
        boolean partitioned = false;
        Skin skin = source.skin();
        if (skin != null && !(options.draws() == LmDraws.KEEP && drawsFit(source, options.maxBones()))) {
            mesh = Partition.partition(source, options.maxBones(),
                    new PartitionOptions(options.mode(), OversizeTriangles.FAIL)).mesh();
            partitioned = true;
            skin = mesh.skin();
            if (normalBytes != null) {
                // the partitioned mesh's copy, which follows its vertices (split ones included)
                normalBytes = mesh.attribute(LayaModels.NORMAL_BYTE_ATTRIBUTE);
            }
        }
        return new Layout(mesh, skin, normalBytes, options, where, warnings, source.vertexCount(), partitioned, route)
                .result();
    }

    /**
     * The warning for morph targets, which a {@code .lm} has no place for: how many, and when some
     * have a default weight, that the written positions are the base shape without it.
     */
    private static String morphTargetsNotWritten(Mesh mesh) {
        int targets = mesh.morphTargets().size();
        String out = targets + (targets == 1 ? " morph target" : " morph targets") + " not written";
        float[] weights = mesh.morphWeights();
        int weighted = 0;
        int first = -1;
        for (int t = 0; t < weights.length; t++) {
            if (weights[t] != 0) {
                weighted++;
                first = first < 0 ? t : first;
            }
        }
        if (weighted == 0) {
            return out;
        }
        String firstWeight = weights[first] + " of morph target " + first + " ("
                + Checks.quote(mesh.morphTargets().get(first).name()) + ")";
        return out + "; the positions are the base shape, without the default " + (weighted == 1
                ? "weight " + firstWeight : "weights of " + weighted + " morph targets (first: " + firstWeight + ")");
    }

    /** Whether every submesh with triangles has draws, none binding more than {@code maxBones} bones. */
    private static boolean drawsFit(Mesh mesh, int maxBones) {
        for (Submesh s : mesh.submeshes()) {
            if (s.indexCount() > 0 && !s.hasDraws()) {
                return false;
            }
            for (Draw d : s.draws()) {
                if (d.paletteEntryCount() > maxBones) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Writes little-endian values front to back into an array sized beforehand. */
    private static final class Cursor {
        private final byte[] out;
        int at;

        Cursor(byte[] out) {
            this.out = out;
        }

        Cursor putShort(int v) {
            LmBytes.putU16(out, at, v);
            at += 2;
            return this;
        }

        Cursor putInt(int v) {
            LmBytes.putI32(out, at, v);
            at += 4;
            return this;
        }

        Cursor putFloat(float v) {
            LmBytes.putF32(out, at, v);
            at += 4;
            return this;
        }

        Cursor put(byte[] bytes) {
            System.arraycopy(bytes, 0, out, at, bytes.length);
            at += bytes.length;
            return this;
        }
    }

    /**
     * One file, laid out: the mesh (with its draws, when skinned) checked, its vertices split where
     * draws share them, the local bone slots and every offset and length computed. Immutable once
     * built; {@link #encodeInto} writes the bytes, any number of times, into any array.
     */
    static final class Layout {
        private final Mesh mesh;
        private final @Nullable Skin skin;
        private final @Nullable VertexAttribute normalBytes;
        private final LmWriteOptions options;
        private final String where;
        private final List<String> warnings;
        private final int sourceVertices;
        private final boolean partitioned;

        // vertices and indices
        private int[] outIndices = new int[0];
        private int[] copies = new int[0]; // output vertex n + c -> the mesh vertex it copies
        private int copyCount;
        private int[] submeshFirst = new int[0];
        private int[] submeshCount = new int[0];
        private int[][] drawFirst = new int[0][];
        private int[][] drawCount = new int[0][];
        private int[][][] dictionaries = new int[0][][];
        private int[] packedLocal = new int[0]; // output vertex -> 4 local bone bytes, little-endian
        private final List<int[]> drawDictionaries = new ArrayList<>(); // running draw id -> dictionary
        private int[] joints4 = new int[0];
        private float[] weights4 = new float[0];

        // file
        private List<LmElement> declaration = List.of();
        private String declarationString = "";
        private int stride;
        private final List<String> strings = new ArrayList<>();
        private final Map<String, Integer> firstOf = new HashMap<>();
        private byte[][] stringBytes = new byte[0][];
        private long header;
        private long meshLength;
        private long[] submeshLength = new long[0];
        private long dataOffset;
        private long vertexStart;
        private long indexStart;
        private long indexLength;
        private long bindStart;
        private long dictStart;
        private long dataSize;
        private int size;
        private int drawTotal;

        Layout(Mesh mesh, @Nullable Skin skin, @Nullable VertexAttribute normalBytes, LmWriteOptions options,
                String where, List<String> warnings, int sourceVertices, boolean partitioned, Route route) {
            this.mesh = mesh;
            this.skin = skin;
            this.normalBytes = normalBytes;
            this.options = options;
            this.where = where;
            this.warnings = warnings;
            this.sourceVertices = sourceVertices;
            this.partitioned = partitioned;
            List<Submesh> subs = mesh.submeshes();
            if (subs.size() + 1 > MAX_U16) {
                throw new ValidationException(where + ": " + subs.size() + " submeshes, a .lm file holds at most "
                        + (MAX_U16 - 1));
            }
            if (skin != null && skin.paletteSize() > MAX_BONES) {
                throw new ValidationException(where + ": " + skin.paletteSize() + " bones, a .lm file holds at most "
                        + MAX_BONES + " (its string table holds " + MAX_U16 + " strings, " + FIXED_STRINGS
                        + " of them not bone names)");
            }
            if (normalBytes != null) {
                checkNormalBytes(ModelAccess.get().values(normalBytes));
            }
            if (skin != null) {
                fourSlots(skin.weights());
            }
            layOut(subs, route);
            assert skin == null || weightedBonesInDraws();
            measure();
        }

        LmWriteResult result() {
            return new LmWriteResult(this, mesh.vertexCount() + copyCount, sourceVertices, drawTotal, partitioned,
                    declaration, warnings);
        }

        /** @return the file's size in bytes */
        int size() {
            return size;
        }

        /** Requires every NORMAL_BYTE value to be a byte value, so none is clamped or rounded silently. */
        private void checkNormalBytes(float[] values) {
            for (int i = 0; i < values.length; i++) {
                float f = values[i];
                if (!(f >= 0 && f <= 255 && f == Math.rint(f))) {
                    throw new ValidationException(where + ": vertex " + (i / 4) + "'s " + LayaModels.NORMAL_BYTE_ATTRIBUTE
                            + " component " + (i % 4) + " is " + f + ", expected an integer 0..255");
                }
            }
        }

        /** The weights as 4 slots per vertex (the .lm vertex's BLENDWEIGHT / BLENDINDICES). */
        private void fourSlots(BoneWeights bw) {
            int k = bw.influencesPerVertex();
            int n = bw.vertexCount();
            if (k == 4) {
                joints4 = ModelAccess.get().joints(bw);
                weights4 = ModelAccess.get().weights(bw);
                return;
            }
            BoneWeights w = k > 4 ? bw.canonical() : bw;
            int[] j = ModelAccess.get().joints(w);
            float[] wt = ModelAccess.get().weights(w);
            joints4 = new int[4 * n];
            weights4 = new float[4 * n];
            int copy = Math.min(k, 4);
            for (int v = 0; v < n; v++) {
                for (int c = 0; c < copy; c++) {
                    joints4[4 * v + c] = j[k * v + c];
                    weights4[4 * v + c] = wt[k * v + c];
                }
                for (int c = 4; c < k; c++) {
                    if (wt[k * v + c] > 0) {
                        int used = 0;
                        for (int s = 0; s < k; s++) {
                            used += wt[k * v + s] > 0 ? 1 : 0;
                        }
                        throw new ValidationException(where + ": vertex " + v + " has " + used
                                + " influences of weight > 0, a .lm vertex holds 4; limit the weights to 4 first");
                    }
                }
            }
        }

        /**
         * Concatenates the submeshes' indices, splits vertices shared by draws, collects the draws
         * and gives every written vertex its local bone slots. A mesh whose draws use disjoint,
         * increasing ranges of vertices (a partitioned mesh whose vertices come draw by draw, as
         * the parts of a combined character do) takes the fast path,
         * {@link #packInVertexRanges}; any other goes through the general one, which finds each
         * vertex's first draw, gives every later draw using it a copy and packs the slots with
         * {@link #packLocalJoints}.
         */
        private void layOut(List<Submesh> subs, Route route) {
            int[] indices = ModelAccess.get().indices(mesh);
            long total = 0;
            for (Submesh s : subs) {
                total += s.indexCount();
            }
            if (total > Checks.MAX_ARRAY_LENGTH) {
                throw new ValidationException(where + ": " + total + " indices over all submeshes, more than an array"
                        + " holds");
            }
            int n = mesh.vertexCount();
            // the general path finds each vertex's first draw and gives every other draw using it
            // a copy (there may be none); without copies the indices are written as they are, and
            // when the submeshes cover them in order, straight from the mesh's array
            boolean split = skin != null && (route == Route.GENERAL || !packInVertexRanges(subs, indices));
            if (split && route == Route.RANGES) {
                throw new IllegalStateException(where + ": the draws do not use disjoint, increasing vertex ranges");
            }
            int[] owner = split ? new int[n] : new int[0];
            boolean inPlace = !split && consecutive(subs, indices.length);
            outIndices = inPlace ? indices : new int[(int) total];
            submeshFirst = new int[subs.size()];
            submeshCount = new int[subs.size()];
            drawFirst = new int[subs.size()][];
            drawCount = new int[subs.size()][];
            dictionaries = new int[subs.size()][][];
            int[] copyDraw = new int[split ? 16 : 0];
            copies = new int[copyDraw.length];
            int[] copyStamp = split ? new int[n] : new int[0];
            int[] copyOf = split ? new int[n] : new int[0];
            if (split) {
                Arrays.fill(owner, -1);
                Arrays.fill(copyStamp, -1);
            }
            int at = 0;
            int drawId = 0;
            for (int s = 0; s < subs.size(); s++) {
                Submesh sub = subs.get(s);
                int shift = at - sub.firstIndex();
                submeshFirst[s] = at;
                submeshCount[s] = sub.indexCount();
                List<Draw> draws = sub.draws();
                if (skin == null || draws.isEmpty()) {
                    // static, or a skinned submesh without triangles: one draw over the whole range
                    if (!inPlace) {
                        System.arraycopy(indices, sub.firstIndex(), outIndices, at, sub.indexCount());
                    }
                    drawFirst[s] = new int[] {at};
                    drawCount[s] = new int[] {sub.indexCount()};
                    dictionaries[s] = new int[][] {new int[0]};
                    assert skin == null || sub.indexCount() == 0;
                    at += sub.indexCount();
                    continue;
                }
                if (draws.size() > MAX_U16) {
                    throw new ValidationException(where + ": submesh " + s + " has " + draws.size()
                            + " draws, a .lm submesh holds at most " + MAX_U16);
                }
                drawFirst[s] = new int[draws.size()];
                drawCount[s] = new int[draws.size()];
                dictionaries[s] = new int[draws.size()][];
                for (int d = 0; d < draws.size(); d++, drawId++) {
                    Draw draw = draws.get(d);
                    drawFirst[s][d] = draw.firstIndex() + shift;
                    drawCount[s][d] = draw.indexCount();
                    dictionaries[s][d] = ModelAccess.get().paletteEntries(draw);
                    drawDictionaries.add(dictionaries[s][d]);
                    if (!split) {
                        continue;
                    }
                    for (int i = draw.firstIndex(), end = i + draw.indexCount(); i < end; i++) {
                        int v = indices[i];
                        int o;
                        if (owner[v] < 0 || owner[v] == drawId) {
                            owner[v] = drawId;
                            o = v;
                        } else {
                            if (copyStamp[v] != drawId) {
                                copyStamp[v] = drawId;
                                if (copyCount == copies.length) {
                                    copies = Arrays.copyOf(copies, 2 * copyCount);
                                    copyDraw = Arrays.copyOf(copyDraw, 2 * copyCount);
                                }
                                copyOf[v] = n + copyCount;
                                copyDraw[copyCount] = drawId;
                                copies[copyCount++] = v;
                            }
                            o = copyOf[v];
                        }
                        outIndices[i + shift] = o;
                    }
                }
                if (!split && !inPlace) {
                    System.arraycopy(indices, sub.firstIndex(), outIndices, at, sub.indexCount());
                }
                at += sub.indexCount();
            }
            assert at == total;
            if (split) {
                int[] drawOf = Arrays.copyOf(owner, n + copyCount);
                System.arraycopy(copyDraw, 0, drawOf, n, copyCount);
                packLocalJoints(drawOf);
            }
        }

        /**
         * The fast path of {@link #layOut}, for meshes whose draws use disjoint, increasing ranges
         * of vertices (no vertex is then shared, so none is split), and each
         * vertex of a draw's range that some triangle uses gets its slots as positions in that
         * draw's dictionary, through one table from bone to position per draw; every other vertex
         * keeps its palette indices' low bytes. One pass over the indices takes each draw's lowest
         * and highest vertex and marks the vertices used, through branches that are almost never
         * taken (a test per index of whether its vertex was seen before cost as much as encoding
         * the file, mostly in mispredicted branches). Returns {@code false}, having set nothing, when the ranges
         * overlap or go backwards.
         *
         * <p>Tried and dropped, each loop alone over the testkit character's 286,482 indices in one
         * JVM (JDK 17, thread CPU time, median of 7-11 rounds at load 5-10; this pass took 120-185 us,
         * its lowest and highest vertex alone 75-135, the marks alone about 90): four independent
         * pairs of {@link Math#min}/{@link Math#max} accumulators, 190 us for the lowest and highest
         * alone (335 on JDK 25) and 250 with the marks; the running draw id stored per vertex from
         * the last draw to the first, the slot loaded first to find a vertex two draws share, 230 us
         * (a load and a store of the same slots per index); the ids stored, then checked in a second
         * pass of loads, 160 us; the lowest and highest through {@code IntVector} lanes, 500 us and
         * more.
         */
        private boolean packInVertexRanges(List<Submesh> subs, int[] indices) {
            assert skin != null;
            int n = mesh.vertexCount();
            int drawTotal = 0;
            for (Submesh sub : subs) {
                drawTotal += sub.draws().size();
            }
            Draw[] draws = new Draw[drawTotal];
            int[] lowest = new int[drawTotal];
            int[] highest = new int[drawTotal];
            boolean[] used = new boolean[n];
            int id = 0;
            int previous = -1;
            for (Submesh sub : subs) {
                for (Draw draw : sub.draws()) {
                    int low = Integer.MAX_VALUE;
                    int high = -1;
                    for (int i = draw.firstIndex(), end = i + draw.indexCount(); i < end; i++) {
                        int v = indices[i];
                        // branches, not Math.min/max: they are almost never taken, while the
                        // intrinsics' conditional moves chain every index to the previous one
                        // (3.5x slower on JDK 17)
                        if (v < low) {
                            low = v;
                        }
                        if (v > high) {
                            high = v;
                        }
                        used[v] = true;
                    }
                    if (high < 0) {
                        low = previous + 1; // an empty draw: an empty range
                        high = previous;
                    } else if (low <= previous) {
                        return false;
                    }
                    draws[id] = draw;
                    lowest[id] = low;
                    highest[id++] = high;
                    previous = high;
                }
            }
            int[] packed = new int[n];
            int[] j4 = joints4;
            // bone -> position in the current draw's dictionary; 0 for bones it does not bind,
            // which only zero-weight slots hold (weightedBonesInDraws)
            int[] localOf = new int[skin.paletteSize()];
            int v = 0;
            for (int d = 0; d < drawTotal; d++) {
                for (; v < lowest[d]; v++) {
                    packed[v] = lowBytes(j4, 4 * v);
                }
                int[] dict = ModelAccess.get().paletteEntries(draws[d]);
                for (int e = 0; e < dict.length; e++) {
                    localOf[dict[e]] = e & 0xFF;
                }
                for (int end = highest[d]; v <= end; v++) {
                    int s = 4 * v;
                    packed[v] = used[v] ? localOf[j4[s]] | localOf[j4[s + 1]] << 8 | localOf[j4[s + 2]] << 16
                            | localOf[j4[s + 3]] << 24 : lowBytes(j4, s);
                }
                for (int e : dict) {
                    localOf[e] = 0;
                }
            }
            for (; v < n; v++) {
                packed[v] = lowBytes(j4, 4 * v);
            }
            packedLocal = packed;
            return true;
        }

        /** The low bytes of the 4 joints at {@code s}, packed: the slots of a vertex no triangle draws. */
        private static int lowBytes(int[] j4, int s) {
            return (j4[s] & 0xFF) | (j4[s + 1] & 0xFF) << 8 | (j4[s + 2] & 0xFF) << 16 | (j4[s + 3] & 0xFF) << 24;
        }

        /** The mesh vertex that output vertex {@code o} takes its data from. */
        private int sourceOf(int o) {
            int n = mesh.vertexCount();
            return o < n ? o : copies[o - n];
        }

        /** Whether every weighted slot of every drawn vertex names a bone of its draw (checked as an assert). */
        private boolean weightedBonesInDraws() {
            for (int s = 0; s < drawFirst.length; s++) {
                for (int d = 0; d < drawFirst[s].length; d++) {
                    int[] dict = dictionaries[s][d];
                    for (int i = drawFirst[s][d], end = i + drawCount[s][d]; i < end; i++) {
                        int o = outIndices[i];
                        int v = sourceOf(o);
                        for (int c = 0; c < 4; c++) {
                            int local = packedLocal[o] >>> (8 * c) & 0xFF;
                            if (weights4[4 * v + c] > 0 && (local >= dict.length || dict[local] != joints4[4 * v + c])) {
                                return false;
                            }
                        }
                    }
                }
            }
            return true;
        }

        /** Whether the submeshes cover the {@code indexCount} indices exactly, in order. */
        private static boolean consecutive(List<Submesh> subs, int indexCount) {
            int next = 0;
            for (Submesh sub : subs) {
                if (sub.firstIndex() != next) {
                    return false;
                }
                next += sub.indexCount();
            }
            return next == indexCount;
        }

        /**
         * Each vertex's 4 slots as positions in its draw's dictionary, packed into one int, when
         * draws share vertices. The vertices are grouped by draw (a counting sort over
         * {@code drawOf}: output vertex -> running draw id, -1 for none) and visited in ascending
         * order within each group, so one table from bone to local slot serves each draw once and
         * the joints are read front to back.
         */
        private void packLocalJoints(int[] drawOf) {
            assert skin != null;
            int vertices = drawOf.length;
            int draws = drawDictionaries.size();
            packedLocal = new int[vertices];
            int[] start = new int[draws + 2]; // group g = draw + 1, group 0 the vertices no draw uses
            for (int o = 0; o < vertices; o++) {
                start[drawOf[o] + 2]++;
            }
            for (int g = 1; g < start.length; g++) {
                start[g] += start[g - 1];
            }
            int[] byDraw = new int[vertices];
            for (int o = 0; o < vertices; o++) {
                byDraw[start[drawOf[o] + 1]++] = o;
            }
            // start[g] is now the end of group g
            int[] j4 = joints4;
            for (int k = 0; k < start[0]; k++) {
                int o = byDraw[k];
                packedLocal[o] = lowBytes(j4, 4 * sourceOf(o));
            }
            int[] localOf = new int[skin.paletteSize()];
            for (int d = 0; d < draws; d++) {
                int[] dict = drawDictionaries.get(d);
                for (int e = 0; e < dict.length; e++) {
                    localOf[dict[e]] = e & 0xFF;
                }
                for (int k = start[d], end = start[d + 1]; k < end; k++) {
                    int o = byDraw[k];
                    int src = 4 * sourceOf(o);
                    packedLocal[o] = localOf[j4[src]] | localOf[j4[src + 1]] << 8 | localOf[j4[src + 2]] << 16
                            | localOf[j4[src + 3]] << 24;
                }
                for (int e : dict) {
                    localOf[e] = 0;
                }
            }
        }

        private List<LmElement> declaration() {
            List<LmElement> out = new ArrayList<>();
            out.add(LmElement.POSITION);
            if (mesh.hasNormals()) {
                out.add(LmElement.NORMAL);
            }
            if (mesh.hasColors()) {
                out.add(LmElement.COLOR);
            }
            if (mesh.uvChannelCount() >= 1) {
                out.add(LmElement.UV);
            }
            if (mesh.uvChannelCount() >= 2) {
                out.add(LmElement.UV1);
            }
            if (skin != null) {
                out.add(LmElement.BLENDWEIGHT);
                out.add(LmElement.BLENDINDICES);
            }
            if (mesh.hasTangents()) {
                out.add(LmElement.TANGENT);
            }
            if (normalBytes != null) {
                out.add(LmElement.NORMAL_BYTE);
            }
            return out;
        }

        private byte[] utf8(String what, String s) {
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            if (bytes.length > MAX_STRING_BYTES) {
                throw new ValidationException(where + ": " + what + " is " + bytes.length
                        + " bytes of UTF-8, a .lm string holds at most " + MAX_STRING_BYTES);
            }
            return bytes;
        }

        /** Builds the string table and computes every offset and length of the file. */
        private void measure() {
            declaration = declaration();
            StringBuilder decl = new StringBuilder();
            for (LmElement e : declaration) {
                decl.append(decl.length() == 0 ? "" : ",").append(e.declarationName());
                stride += e.bytes();
            }
            declarationString = decl.toString();
            int boneCount = skin == null ? 0 : skin.paletteSize();
            strings.add("MESH");
            strings.add("SUBMESH");
            strings.add(mesh.name());
            strings.add(declarationString);
            for (int i = 0; i < boneCount; i++) {
                strings.add(skin.boneName(i));
            }
            assert strings.size() <= MAX_U16 : "bone count checked in the constructor";
            for (int i = 0; i < strings.size(); i++) {
                firstOf.putIfAbsent(strings.get(i), i);
            }
            stringBytes = new byte[strings.size()][];
            long stringsLength = 0;
            for (int i = 0; i < stringBytes.length; i++) {
                stringBytes[i] = utf8(i == 2 ? "the mesh name" : i >= 4 ? "bone " + (i - 4) + "'s name" : "a string",
                        strings.get(i));
                stringsLength += 2 + stringBytes[i].length;
            }
            int submeshes = submeshFirst.length;
            header = 2 + VERSION.length() + 4 + 4 + 2 + 8L * (submeshes + 1) + 4 + 2;
            meshLength = skin == null ? 66 : 58 + 2L * boneCount;
            submeshLength = new long[submeshes];
            long blocks = header + meshLength;
            for (int s = 0; s < submeshes; s++) {
                submeshLength[s] = 14 + 16L * drawFirst[s].length;
                blocks += submeshLength[s];
                drawTotal += drawFirst[s].length;
            }
            dataOffset = blocks;
            int vertices = mesh.vertexCount() + copyCount;
            vertexStart = stringsLength;
            indexStart = vertexStart + (long) vertices * stride;
            indexLength = (long) outIndices.length * indexBytes();
            bindStart = indexStart + indexLength;
            dictStart = bindStart + 64L * boneCount;
            long dictLength = 0;
            if (skin != null) {
                for (int[][] perSub : dictionaries) {
                    for (int[] dict : perSub) {
                        dictLength += 2L * dict.length;
                    }
                }
            }
            long total = dataOffset + dictStart + dictLength;
            if (total > LittleEndianWriter.MAX_SIZE) {
                throw new ValidationException(where + ": the file would be " + total + " bytes, more than an array holds ("
                        + LittleEndianWriter.MAX_SIZE + ")");
            }
            dataSize = dataOffset + indexStart + indexLength + submeshLength[0];
            size = (int) total;
        }

        private int indexBytes() {
            return mesh.vertexCount() + copyCount > 65535 ? 4 : 2;
        }

        /**
         * Writes the file into {@code out} from {@code offset}: {@link #size()} bytes, front to
         * back. The caller has checked the range.
         */
        void encodeInto(byte[] out, int offset, LmCodec codec) {
            int boneCount = skin == null ? 0 : skin.paletteSize();
            int submeshes = submeshFirst.length;
            Cursor w = new Cursor(out);
            w.at = offset;
            w.putShort(VERSION.length()).put(VERSION.getBytes(StandardCharsets.US_ASCII));
            w.putInt((int) dataOffset).putInt((int) dataSize).putShort(submeshes + 1);
            w.putInt((int) header).putInt((int) meshLength);
            long blockStart = header + meshLength;
            for (int s = 0; s < submeshes; s++) {
                w.putInt((int) blockStart).putInt((int) submeshLength[s]);
                blockStart += submeshLength[s];
            }
            w.putInt(0).putShort(strings.size());
            // MESH block
            w.putShort(firstOf.get("MESH")).putShort(firstOf.get(mesh.name())).putShort(1);
            w.putInt((int) vertexStart).putInt(mesh.vertexCount() + copyCount).putShort(firstOf.get(declarationString));
            w.putInt((int) indexStart).putInt((int) indexLength);
            Bounds bounds = bounds();
            w.putFloat(bounds.minX()).putFloat(bounds.minY()).putFloat(bounds.minZ());
            w.putFloat(bounds.maxX()).putFloat(bounds.maxY()).putFloat(bounds.maxZ());
            w.putShort(boneCount);
            for (int i = 0; i < boneCount; i++) {
                w.putShort(firstOf.get(skin.boneName(i)));
            }
            if (skin != null) {
                w.putInt((int) bindStart).putInt(64 * boneCount);
            } else {
                w.putInt(0).putInt(0).putInt(0).putInt(0);
            }
            // SUBMESH blocks
            long dictAt = dictStart;
            for (int s = 0; s < submeshes; s++) {
                w.putShort(firstOf.get("SUBMESH")).putShort(0);
                w.putInt(submeshFirst[s]).putInt(submeshCount[s]).putShort(drawFirst[s].length);
                for (int d = 0; d < drawFirst[s].length; d++) {
                    w.putInt(drawFirst[s][d]).putInt(drawCount[s][d]);
                    if (skin != null) {
                        int len = 2 * dictionaries[s][d].length;
                        w.putInt((int) dictAt).putInt(len);
                        dictAt += len;
                    } else {
                        w.putInt(0).putInt(0);
                    }
                }
            }
            assert w.at == offset + dataOffset;
            for (byte[] s : stringBytes) {
                w.putShort(s.length).put(s);
            }
            int data = offset + (int) dataOffset;
            assert w.at == data + vertexStart;
            encodeVertices(out, data + (int) vertexStart, codec);
            encodeIndices(out, data + (int) indexStart, indexBytes());
            if (skin != null) {
                float[] ibm = new float[16 * boneCount];
                skin.inverseBindMatricesInto(ibm, 0);
                if (options.convention().mirrorsBindPoses()) {
                    mirrorBindPoses(ibm);
                }
                int at = data + (int) bindStart;
                for (float f : ibm) {
                    LmBytes.putF32(out, at, f);
                    at += 4;
                }
                for (int[][] perSub : dictionaries) {
                    for (int[] dict : perSub) {
                        for (int e : dict) {
                            LmBytes.putU16(out, at, e);
                            at += 2;
                        }
                    }
                }
                assert at == offset + size;
            }
        }

        private Bounds bounds() {
            Bounds given = options.bounds();
            if (given != null) {
                return given;
            }
            if (mesh.vertexCount() == 0) {
                return new Bounds(0, 0, 0, 0, 0, 0);
            }
            return options.convention().mapBounds(mesh.bounds());
        }

        /**
         * Writes the interleaved vertex buffer at {@code base}: the mesh's vertices through
         * {@code codec}, every element of the declaration (which is in {@link LmElement} order)
         * at its offset within the vertex; then each copy as the bytes of the vertex it copies with
         * its own local bone slots.
         *
         * <p>Measured on the 50,625-vertex testkit character (JDK 17): the scalar codec, its slots
         * packed beforehand, takes about 3x an {@code arraycopy} of the same bytes. Tried and
         * dropped: pairs of floats as one 8-byte store (1.3x slower: the pair is built in integer
         * registers), one loop per element over all vertices (2.2x slower: each pass walks the
         * whole buffer again), the local slots looked up per vertex inside this loop (1.8x slower
         * than packing them while the draws are visited).
         */
        private void encodeVertices(byte[] out, int base, LmCodec codec) {
            ModelAccess.Bridge access = ModelAccess.get();
            int n = mesh.vertexCount();
            LmColumns columns = new LmColumns(n, options.convention(), access.positions(mesh), access.normals(mesh),
                    access.colors(mesh), mesh.uvChannelCount() >= 1 ? access.uvs(mesh, 0) : null,
                    mesh.uvChannelCount() >= 2 ? access.uvs(mesh, 1) : null, skin != null ? weights4 : null,
                    skin != null ? packedLocal : null, access.tangents(mesh),
                    normalBytes != null ? access.values(normalBytes) : null);
            assert columns.stride == stride;
            codec.encode(columns, out, base);
            int[] local = packedLocal;
            if (copyCount > 0) {
                // a copy is its source vertex but for its palette-local BLENDINDICES
                for (int k = 0; k < copyCount; k++) {
                    int at = base + (n + k) * stride;
                    System.arraycopy(out, base + copies[k] * stride, out, at, stride);
                    LmBytes.putI32(out, at + columns.localAt, local[n + k]);
                }
            }
        }

        /**
         * Writes the indices at {@code at}, each triangle's second and third swapped when the
         * convention reverses the winding. Tried and dropped: 16-bit indices two triangles at a
         * time, as one 8-byte and one 4-byte store, took 90 us against this loop's 61 over the
         * testkit character's indices on JDK 17, 159 against 63 on JDK 25 (thread CPU time,
         * median of 11 rounds in one JVM).
         */
        private void encodeIndices(byte[] out, int at, int indexBytes) {
            int[] idx = outIndices;
            boolean swap = options.convention().reversesWinding();
            for (int i = 0; i < idx.length; i += 3) {
                int a = idx[i];
                int b = swap ? idx[i + 2] : idx[i + 1];
                int c = swap ? idx[i + 1] : idx[i + 2];
                if (indexBytes == 2) {
                    LmBytes.putU16(out, at, a);
                    LmBytes.putU16(out, at + 2, b);
                    LmBytes.putU16(out, at + 4, c);
                    at += 6;
                } else {
                    LmBytes.putI32(out, at, a);
                    LmBytes.putI32(out, at + 4, b);
                    LmBytes.putI32(out, at + 8, c);
                    at += 12;
                }
            }
        }
    }
}
