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
 * <p>The whole file is built in one array allocated at its exact size, computed first, and written
 * front to back in place; the vertex buffer in one pass, vertex by vertex.
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

    static LmWriteResult write(Mesh source, LmWriteOptions options) {
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
        return new LmWriter.Job(mesh, skin, normalBytes, options, where, warnings, source.vertexCount(), partitioned)
                .run();
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

    /** One write: the mesh (with its draws, when skinned) laid out and encoded. */
    private static final class Job {
        private final Mesh mesh;
        private final @Nullable Skin skin;
        private final @Nullable VertexAttribute normalBytes;
        private final LmWriteOptions options;
        private final String where;
        private final List<String> warnings;
        private final int sourceVertices;
        private final boolean partitioned;

        // layout
        private int[] outIndices = new int[0];
        private int[] sourceOf = new int[0]; // output vertex -> mesh vertex
        private int[] submeshFirst = new int[0];
        private int[] submeshCount = new int[0];
        private int[][] drawFirst = new int[0][];
        private int[][] drawCount = new int[0][];
        private int[][][] dictionaries = new int[0][][];
        private int[] packedLocal = new int[0]; // output vertex -> 4 local bone bytes, little-endian
        private int[] drawOf = new int[0]; // output vertex -> the draw (running id) that draws it, or -1
        private final List<int[]> drawDictionaries = new ArrayList<>(); // running draw id -> dictionary
        private int[] joints4 = new int[0];
        private float[] weights4 = new float[0];

        Job(Mesh mesh, @Nullable Skin skin, @Nullable VertexAttribute normalBytes, LmWriteOptions options,
                String where, List<String> warnings, int sourceVertices, boolean partitioned) {
            this.mesh = mesh;
            this.skin = skin;
            this.normalBytes = normalBytes;
            this.options = options;
            this.where = where;
            this.warnings = warnings;
            this.sourceVertices = sourceVertices;
            this.partitioned = partitioned;
        }

        LmWriteResult run() {
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
            layOut(subs);
            if (skin != null && !drawsInVertexOrder()) {
                packLocalJoints();
            }
            return encode();
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

        /** Concatenates the submeshes' indices, splits vertices shared by draws, collects the draws. */
        private void layOut(List<Submesh> subs) {
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
            int[] owner = skin == null ? new int[0] : new int[n];
            Arrays.fill(owner, -1);
            // without shared vertices the indices are written as they are, and when the submeshes
            // cover them in order, straight from the mesh's array
            boolean split = skin != null && drawsShareVertices(subs, indices, owner);
            boolean inPlace = !split && consecutive(subs, indices.length);
            outIndices = inPlace ? indices : new int[(int) total];
            submeshFirst = new int[subs.size()];
            submeshCount = new int[subs.size()];
            drawFirst = new int[subs.size()][];
            drawCount = new int[subs.size()][];
            dictionaries = new int[subs.size()][][];
            int[] copies = new int[16];
            int[] copyDraw = new int[16];
            int copyCount = 0;
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
            sourceOf = new int[n + copyCount];
            for (int v = 0; v < n; v++) {
                sourceOf[v] = v;
            }
            System.arraycopy(copies, 0, sourceOf, n, copyCount);
            if (skin != null) {
                drawOf = Arrays.copyOf(owner, n + copyCount);
                System.arraycopy(copyDraw, 0, drawOf, n, copyCount);
            }
        }

        /**
         * Whether the drawn vertices come draw by draw in vertex order (as a partitioned mesh's
         * do), so that the vertex pass can turn joints into local slots with one table per draw,
         * filled once; otherwise {@link #packLocalJoints} does it first.
         */
        private boolean drawsInVertexOrder() {
            int last = -1;
            for (int d : drawOf) {
                if (d >= 0) {
                    if (d < last) {
                        return false;
                    }
                    last = d;
                }
            }
            return true;
        }

        /**
         * Records in {@code owner} each vertex's first draw (running id, submesh order then draw
         * order) and tells whether some vertex is used by a later draw too.
         */
        private static boolean drawsShareVertices(List<Submesh> subs, int[] indices, int[] owner) {
            int drawId = 0;
            for (Submesh sub : subs) {
                for (Draw draw : sub.draws()) {
                    for (int i = draw.firstIndex(), end = i + draw.indexCount(); i < end; i++) {
                        int o = owner[indices[i]];
                        if (o < 0) {
                            owner[indices[i]] = drawId;
                        } else if (o != drawId) {
                            return true;
                        }
                    }
                    drawId++;
                }
            }
            return false;
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
         * Each vertex's 4 slots as positions in its draw's dictionary, packed into one int. The
         * vertices are grouped by draw (a counting sort over {@link #drawOf}) and visited in
         * ascending order within each group, so one table from bone to local slot serves each draw
         * once and the joints are read front to back.
         */
        private void packLocalJoints() {
            assert skin != null;
            int vertices = sourceOf.length;
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
            int[] map = sourceOf;
            for (int k = 0; k < start[0]; k++) {
                int o = byDraw[k];
                int src = 4 * map[o];
                packedLocal[o] = (j4[src] & 0xFF) | (j4[src + 1] & 0xFF) << 8 | (j4[src + 2] & 0xFF) << 16
                        | (j4[src + 3] & 0xFF) << 24;
            }
            int[] localOf = new int[skin.paletteSize()];
            Arrays.fill(localOf, -1);
            for (int d = 0; d < draws; d++) {
                int[] dict = drawDictionaries.get(d);
                for (int e = 0; e < dict.length; e++) {
                    localOf[dict[e]] = e;
                }
                for (int k = start[d], end = start[d + 1]; k < end; k++) {
                    int o = byDraw[k];
                    int src = 4 * map[o];
                    int packed = 0;
                    for (int c = 0; c < 4; c++) {
                        int local = localOf[j4[src + c]];
                        assert local >= 0 || !(weights4[src + c] > 0) : "weighted bone outside its draw";
                        packed |= (local < 0 ? 0 : local & 0xFF) << (8 * c);
                    }
                    packedLocal[o] = packed;
                }
                for (int e : dict) {
                    localOf[e] = -1;
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

        private LmWriteResult encode() {
            List<LmElement> declaration = declaration();
            StringBuilder decl = new StringBuilder();
            int stride = 0;
            for (LmElement e : declaration) {
                decl.append(decl.length() == 0 ? "" : ",").append(e.declarationName());
                stride += e.bytes();
            }
            int boneCount = skin == null ? 0 : skin.paletteSize();
            List<String> strings = new ArrayList<>();
            strings.add("MESH");
            strings.add("SUBMESH");
            strings.add(mesh.name());
            strings.add(decl.toString());
            for (int i = 0; i < boneCount; i++) {
                strings.add(skin.boneName(i));
            }
            assert strings.size() <= MAX_U16 : "bone count checked in run()";
            Map<String, Integer> firstOf = new HashMap<>(2 * strings.size());
            for (int i = 0; i < strings.size(); i++) {
                firstOf.putIfAbsent(strings.get(i), i);
            }
            byte[][] stringBytes = new byte[strings.size()][];
            long stringsLength = 0;
            for (int i = 0; i < stringBytes.length; i++) {
                stringBytes[i] = utf8(i == 2 ? "the mesh name" : i >= 4 ? "bone " + (i - 4) + "'s name" : "a string",
                        strings.get(i));
                stringsLength += 2 + stringBytes[i].length;
            }
            int submeshes = submeshFirst.length;
            long header = 2 + VERSION.length() + 4 + 4 + 2 + 8L * (submeshes + 1) + 4 + 2;
            long meshLength = skin == null ? 66 : 58 + 2L * boneCount;
            long[] submeshLength = new long[submeshes];
            long blocks = header + meshLength;
            for (int s = 0; s < submeshes; s++) {
                submeshLength[s] = 14 + 16L * drawFirst[s].length;
                blocks += submeshLength[s];
            }
            long dataOffset = blocks;
            int vertices = sourceOf.length;
            int indexBytes = vertices > 65535 ? 4 : 2;
            long vertexStart = stringsLength;
            long indexStart = vertexStart + (long) vertices * stride;
            long indexLength = (long) outIndices.length * indexBytes;
            long bindStart = indexStart + indexLength;
            long dictStart = bindStart + 64L * boneCount;
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
            long dataSize = dataOffset + indexStart + indexLength + submeshLength[0];

            byte[] out = new byte[(int) total];
            Cursor w = new Cursor(out);
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
            w.putShort(indexOf(firstOf, "MESH")).putShort(indexOf(firstOf, mesh.name())).putShort(1);
            w.putInt((int) vertexStart).putInt(vertices).putShort(indexOf(firstOf, decl.toString()));
            w.putInt((int) indexStart).putInt((int) indexLength);
            Bounds bounds = bounds();
            w.putFloat(bounds.minX()).putFloat(bounds.minY()).putFloat(bounds.minZ());
            w.putFloat(bounds.maxX()).putFloat(bounds.maxY()).putFloat(bounds.maxZ());
            w.putShort(boneCount);
            for (int i = 0; i < boneCount; i++) {
                w.putShort(indexOf(firstOf, skin.boneName(i)));
            }
            if (skin != null) {
                w.putInt((int) bindStart).putInt(64 * boneCount);
            } else {
                w.putInt(0).putInt(0).putInt(0).putInt(0);
            }
            // SUBMESH blocks
            long dictAt = dictStart;
            int drawTotal = 0;
            for (int s = 0; s < submeshes; s++) {
                w.putShort(indexOf(firstOf, "SUBMESH")).putShort(0);
                w.putInt(submeshFirst[s]).putInt(submeshCount[s]).putShort(drawFirst[s].length);
                for (int d = 0; d < drawFirst[s].length; d++, drawTotal++) {
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
            assert w.at == dataOffset;
            for (byte[] s : stringBytes) {
                w.putShort(s.length).put(s);
            }
            assert w.at == dataOffset + vertexStart;
            encodeVertices(out, (int) (dataOffset + vertexStart), stride, declaration);
            encodeIndices(out, (int) (dataOffset + indexStart), indexBytes);
            if (skin != null) {
                float[] ibm = new float[16 * boneCount];
                skin.inverseBindMatricesInto(ibm, 0);
                if (options.convention().mirrorsBindPoses()) {
                    mirrorBindPoses(ibm);
                }
                int at = (int) (dataOffset + bindStart);
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
                assert at == total;
            }
            return new LmWriteResult(out, vertices, sourceVertices, drawTotal, partitioned, declaration, warnings);
        }

        /** The index of the first string table entry equal to {@code s}. */
        private static int indexOf(Map<String, Integer> firstOf, String s) {
            return firstOf.get(s);
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
         * Writes the interleaved vertex buffer in one pass, vertex by vertex, every element of the
         * declaration (which is in {@link LmElement} order) at its offset within the vertex.
         */
        private void encodeVertices(byte[] out, int base, int stride, List<LmElement> declaration) {
            assert declaration.equals(declaration.stream().sorted().collect(java.util.stream.Collectors.toList()));
            LmConvention c = options.convention();
            float xs = c.xSign();
            float ws = c.tangentWSign();
            boolean flipV = c.flipsV();
            ModelAccess.Bridge access = ModelAccess.get();
            float[] pos = access.positions(mesh);
            float[] nor = access.normals(mesh);
            float[] col = access.colors(mesh);
            float[] uv0 = mesh.uvChannelCount() >= 1 ? access.uvs(mesh, 0) : null;
            float[] uv1 = mesh.uvChannelCount() >= 2 ? access.uvs(mesh, 1) : null;
            float[] wts = skin != null ? weights4 : null;
            int[] j4 = joints4;
            int[] drawOfVertex = drawOf;
            // local slots: precomputed per vertex, or through the table of the current draw
            int[] packed = packedLocal.length == sourceOf.length ? packedLocal : null;
            int[] localOf = new int[wts != null && packed == null ? skin.paletteSize() : 0];
            Arrays.fill(localOf, -1);
            int[] current = new int[0];
            int currentDraw = -1;
            float[] tan = access.tangents(mesh);
            float[] nb = normalBytes != null ? access.values(normalBytes) : null;
            int[] map = sourceOf;
            for (int o = 0, at = base; o < map.length; o++, at += stride) {
                int v = map[o];
                int p = at;
                int s = 3 * v;
                LmBytes.putF32(out, p, pos[s] * xs);
                LmBytes.putF32(out, p + 4, pos[s + 1]);
                LmBytes.putF32(out, p + 8, pos[s + 2]);
                p += 12;
                if (nor != null) {
                    LmBytes.putF32(out, p, nor[s] * xs);
                    LmBytes.putF32(out, p + 4, nor[s + 1]);
                    LmBytes.putF32(out, p + 8, nor[s + 2]);
                    p += 12;
                }
                if (col != null) {
                    s = 4 * v;
                    LmBytes.putF32(out, p, col[s]);
                    LmBytes.putF32(out, p + 4, col[s + 1]);
                    LmBytes.putF32(out, p + 8, col[s + 2]);
                    LmBytes.putF32(out, p + 12, col[s + 3]);
                    p += 16;
                }
                if (uv0 != null) {
                    s = 2 * v;
                    LmBytes.putF32(out, p, uv0[s]);
                    LmBytes.putF32(out, p + 4, flipV ? 1f - uv0[s + 1] : uv0[s + 1]);
                    p += 8;
                    if (uv1 != null) {
                        LmBytes.putF32(out, p, uv1[s]);
                        LmBytes.putF32(out, p + 4, flipV ? 1f - uv1[s + 1] : uv1[s + 1]);
                        p += 8;
                    }
                }
                if (wts != null) {
                    s = 4 * v;
                    LmBytes.putF32(out, p, wts[s]);
                    LmBytes.putF32(out, p + 4, wts[s + 1]);
                    LmBytes.putF32(out, p + 8, wts[s + 2]);
                    LmBytes.putF32(out, p + 12, wts[s + 3]);
                    int local;
                    if (packed != null) {
                        local = packed[o];
                    } else {
                        int draw = drawOfVertex[o];
                        if (draw < 0) {
                            // no triangle draws it: the palette indices' low bytes
                            local = (j4[s] & 0xFF) | (j4[s + 1] & 0xFF) << 8 | (j4[s + 2] & 0xFF) << 16
                                    | (j4[s + 3] & 0xFF) << 24;
                        } else {
                            if (draw != currentDraw) {
                                for (int e : current) {
                                    localOf[e] = -1;
                                }
                                current = drawDictionaries.get(draw);
                                for (int e = 0; e < current.length; e++) {
                                    localOf[current[e]] = e;
                                }
                                currentDraw = draw;
                            }
                            local = 0;
                            for (int k = 0; k < 4; k++) {
                                int slot = localOf[j4[s + k]];
                                assert slot >= 0 || !(wts[s + k] > 0) : "weighted bone outside its draw";
                                local |= (slot < 0 ? 0 : slot & 0xFF) << (8 * k);
                            }
                        }
                    }
                    LmBytes.putI32(out, p + 16, local);
                    p += 20;
                }
                if (tan != null) {
                    s = 4 * v;
                    LmBytes.putF32(out, p, tan[s] * xs);
                    LmBytes.putF32(out, p + 4, tan[s + 1]);
                    LmBytes.putF32(out, p + 8, tan[s + 2]);
                    LmBytes.putF32(out, p + 12, tan[s + 3] * ws);
                    p += 16;
                }
                if (nb != null) {
                    s = 4 * v;
                    out[p] = (byte) (int) nb[s];
                    out[p + 1] = (byte) (int) nb[s + 1];
                    out[p + 2] = (byte) (int) nb[s + 2];
                    out[p + 3] = (byte) (int) nb[s + 3];
                    p += 4;
                }
                assert p == at + stride;
            }
        }

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
