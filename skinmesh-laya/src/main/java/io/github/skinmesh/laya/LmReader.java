package io.github.skinmesh.laya;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.internal.BoneSlots;
import io.github.skinmesh.core.internal.ByteBudget;
import io.github.skinmesh.core.internal.Checks;
import io.github.skinmesh.core.internal.ModelAccess;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The {@code .lm} reader (LAYAMODEL:05, 0501, 0502, uncompressed; spec sections 3-9).
 *
 * <p>Every read goes through {@link #need}, which checks the bytes exist before they are read;
 * every array whose size comes from the file is charged to a {@link ByteBudget} of
 * {@value #BUDGET_FACTOR} times the file size (plus {@value #BUDGET_SLACK} bytes) before it is
 * allocated. Loops run over counts that the file's own bytes bound (a count is checked against the
 * bytes it needs before the loop), so a hostile file costs time and memory in proportion to its
 * size. Errors are {@link FormatException}s naming the field and its offset.
 *
 * <p>Bone indices: the file's {@code BLENDINDICES} are local to the draw that draws the vertex. A
 * vertex takes the palette entries of the first draw (submesh order, then draw order) that uses it;
 * a later draw that uses the same vertex must resolve its weighted slots to the same bones. A
 * zero-weight slot whose local index is past the dictionary gets bone 0, and a vertex no draw uses
 * keeps its values as palette indices (as the exporter leaves them), bone 0 where they are past the
 * bone list; both are reported as warnings.
 */
final class LmReader {
    static final int BUDGET_FACTOR = 8;
    static final long BUDGET_SLACK = 1 << 20;
    /** The bone limit of LayaAir's shaders; longer dictionaries are read with a warning. */
    private static final int ENGINE_MAX_BONES = 24;

    /** Longest version string the reader looks at (the longest known is {@code LAYAMODEL:COMPRESSION_0501}). */
    private static final int MAX_VERSION_LENGTH = 64;
    /** Characters of a string from the file that a message shows. */
    private static final int SHOWN_CHARACTERS = 80;

    private final byte[] b;
    private final ByteBudget budget;
    private final LmConvention convention;
    private final List<String> warnings = new ArrayList<>();
    private final List<LmBlock> blocks = new ArrayList<>();
    private String[] strings = new String[0];
    private final Route route;
    private final LmCodec codec;

    private LmReader(byte[] bytes, LmConvention convention, Route route, LmCodec codec) {
        this.b = bytes;
        this.route = route;
        this.codec = codec;
        this.budget = new ByteBudget(bytes.length, BUDGET_FACTOR, BUDGET_SLACK);
        this.convention = convention;
    }

    static LmReadResult read(byte[] bytes, LmConvention convention) {
        return read(bytes, convention, Route.AUTO);
    }

    /** Which vertex pass a read takes; tests compare them, everything else uses {@link #AUTO}. */
    enum Route {
        /** {@link Vertices#readClean}, and {@link Vertices#read} when it declines. */
        AUTO,
        /** {@link Vertices#read} only. */
        CHECKED,
        /** {@link Vertices#readClean} only, failing with an {@link IllegalStateException} when it declines. */
        CLEAN
    }

    static LmReadResult read(byte[] bytes, LmConvention convention, Route route) {
        return read(bytes, convention, route, LmCodecs.SELECTED);
    }

    /** A read whose clean vertex pass runs in {@code codec}; tests and benchmarks compare the codecs. */
    static LmReadResult read(byte[] bytes, LmConvention convention, Route route, LmCodec codec) {
        return new LmReader(bytes, convention, route, codec).run();
    }

    /** Quotes a string from the file for a message, cut to {@value #SHOWN_CHARACTERS} characters. */
    private static String shown(String s) {
        return s.length() <= SHOWN_CHARACTERS ? Checks.quote(s)
                : Checks.quote(s.substring(0, SHOWN_CHARACTERS)) + "... (" + s.length() + " characters)";
    }

    // ---- bounded primitive reads -------------------------------------------------------------

    private void need(String field, long at, long bytes) {
        if (at < 0 || bytes < 0 || at > b.length || bytes > b.length - at) {
            throw new FormatException(field + " at offset " + at + ": needs " + bytes + " bytes, the file ends at "
                    + b.length);
        }
    }

    private int u16(String field, long at) {
        need(field, at, 2);
        return LmBytes.u16(b, (int) at);
    }

    private int i16(String field, long at) {
        need(field, at, 2);
        return (short) LmBytes.u16(b, (int) at);
    }

    private long u32(String field, long at) {
        need(field, at, 4);
        return LmBytes.i32(b, (int) at) & 0xFFFF_FFFFL;
    }

    private float f32(String field, long at) {
        need(field, at, 4);
        return LmBytes.f32(b, (int) at);
    }

    /** Reads a u16 string index and returns the string it names. */
    private String string(String field, long at) {
        int i = u16(field, at);
        if (i >= strings.length) {
            throw new FormatException(field + " at offset " + at + ": string index " + i + ", expected < string count "
                    + strings.length);
        }
        return strings[i];
    }

    // ---- structure ---------------------------------------------------------------------------

    /** One SUBMESH block's fields. */
    private static final class RawSubmesh {
        int block;
        long blockStart;
        long firstIndex;
        long indexCount;
        long[] drawFirst = new long[0];
        long[] drawCount = new long[0];
        int[][] dictionaries = new int[0][];
        long[] dictionaryAt = new long[0];
    }

    private LmReadResult run() {
        int versionLength = u16("version length", 0);
        if (versionLength > MAX_VERSION_LENGTH) {
            throw new FormatException("version length at offset 0: " + versionLength + " bytes, expected at most "
                    + MAX_VERSION_LENGTH + " (LAYAMODEL:...)");
        }
        need("version string", 2, versionLength);
        String version = new String(b, 2, versionLength, StandardCharsets.UTF_8);
        if (version.startsWith("LAYAMODEL:COMPRESSION_")) {
            throw new FormatException("version string at offset 2: " + shown(version)
                    + " (compressed vertices) is not supported, expected LAYAMODEL:05, LAYAMODEL:0501 or"
                    + " LAYAMODEL:0502");
        }
        if (!version.equals("LAYAMODEL:05") && !version.equals("LAYAMODEL:0501") && !version.equals("LAYAMODEL:0502")) {
            throw new FormatException("version string at offset 2: " + shown(version)
                    + ", expected LAYAMODEL:05, LAYAMODEL:0501 or LAYAMODEL:0502");
        }
        boolean hasBounds = !version.equals("LAYAMODEL:05");
        long p = 2L + versionLength;
        long dataOffset = u32("DATA.offset", p);
        u32("DATA.size", p + 4);
        int blockCount = u16("block count", p + 8);
        p += 10;
        need("block table (" + blockCount + " blocks x 8 bytes)", p, 8L * blockCount);
        budget.charge("block table at offset " + p, 16L * blockCount);
        long[] blockStart = new long[blockCount];
        long[] blockLength = new long[blockCount];
        for (int k = 0; k < blockCount; k++) {
            blockStart[k] = u32("block " + k + " start", p + 8L * k);
            blockLength[k] = u32("block " + k + " length", p + 8L * k + 4);
        }
        p += 8L * blockCount;
        long stringOffset = u32("string table offset", p);
        int stringCount = u16("string count", p + 4);
        long headerEnd = p + 6;
        if (dataOffset > b.length) {
            throw new FormatException("DATA.offset at offset " + (2L + versionLength) + ": " + dataOffset
                    + " is past the end of the file (" + b.length + " bytes)");
        }
        readStrings(dataOffset + stringOffset, stringCount);

        long meshStart = -1;
        long meshEnd = -1;
        MeshFields mesh = null;
        List<RawSubmesh> subs = new ArrayList<>();
        for (int k = 0; k < blockCount; k++) {
            long s = blockStart[k];
            if (s < headerEnd) {
                throw new FormatException("block " + k + " start at offset " + (headerEnd - 6 - 8L * (blockCount - k))
                        + ": " + s + " is inside the header, which ends at " + headerEnd);
            }
            String name = string("block " + k + " name index", s);
            blocks.add(new LmBlock(name, s, blockLength[k]));
            long end;
            if (name.equals("MESH")) {
                if (mesh != null) {
                    throw new FormatException("block " + k + " at offset " + s + ": a second MESH block (the first at "
                            + meshStart + "), expected one");
                }
                mesh = readMesh(k, s, dataOffset, hasBounds);
                meshStart = s;
                end = mesh.end;
                meshEnd = end;
            } else if (name.equals("SUBMESH")) {
                if (mesh == null) {
                    throw new FormatException("block " + k + " at offset " + s
                            + ": SUBMESH block before the MESH block, expected MESH first");
                }
                RawSubmesh sub = readSubmesh(k, s, dataOffset, mesh);
                subs.add(sub);
                end = s + 14 + 16L * sub.drawFirst.length;
            } else {
                throw new FormatException("block " + k + " name at offset " + s + ": " + shown(name)
                        + ", expected MESH or SUBMESH");
            }
            if (end - s > blockLength[k]) {
                throw new FormatException("block " + k + " (" + name + ") at offset " + s + ": its fields end at " + end
                        + ", past its table length " + blockLength[k]);
            }
            long unread = blockLength[k] - (end - s);
            boolean staticSlack = name.equals("MESH") && mesh.boneCount == 0 && unread == 8;
            if (unread > 0 && !staticSlack) {
                warnings.add("block " + k + " (" + name + ") at offset " + s + ": " + unread
                        + " bytes after its fields were not read");
            }
        }
        if (mesh == null) {
            throw new FormatException("block table at offset " + (headerEnd - 6 - 8L * blockCount)
                    + ": no MESH block among " + blockCount + " blocks");
        }
        if (subs.isEmpty()) {
            throw new FormatException("block table at offset " + (headerEnd - 6 - 8L * blockCount)
                    + ": no SUBMESH block among " + blockCount + " blocks");
        }
        assert meshEnd > meshStart;
        requireDisjoint(subs, 2L + versionLength + 10);
        return decode(version, mesh, meshStart, subs);
    }

    /**
     * Requires the submeshes' index ranges not to overlap (an empty range overlaps nothing). Besides
     * being a rule of the format, this bounds every pass over the draws' indices by the index count:
     * a block table may list one SUBMESH block many times.
     */
    private void requireDisjoint(List<RawSubmesh> subs, long tableAt) {
        budget.charge("block table at offset " + tableAt + " (the SUBMESH ranges in order)", 8L * subs.size());
        long[] order = new long[subs.size()]; // first index << 16 | position in subs, by first index
        for (int i = 0; i < order.length; i++) {
            order[i] = subs.get(i).firstIndex << 16 | i;
        }
        Arrays.sort(order);
        RawSubmesh reaching = null; // of the submeshes so far, the one whose range ends last
        for (long key : order) {
            RawSubmesh r = subs.get((int) (key & 0xFFFF));
            if (r.indexCount == 0) {
                continue;
            }
            if (reaching != null && r.firstIndex < reaching.firstIndex + reaching.indexCount) {
                RawSubmesh later = r.block > reaching.block ? r : reaching;
                RawSubmesh earlier = later == r ? reaching : r;
                throw new FormatException("block " + later.block + " SUBMESH first index at offset "
                        + (later.blockStart + 4) + ": range " + later.firstIndex + ".." + (later.firstIndex
                        + later.indexCount) + " overlaps the range " + earlier.firstIndex + ".."
                        + (earlier.firstIndex + earlier.indexCount) + " of block " + earlier.block
                        + ", expected submeshes that share no index");
            }
            if (reaching == null || r.firstIndex + r.indexCount > reaching.firstIndex + reaching.indexCount) {
                reaching = r;
            }
        }
    }

    private void readStrings(long at, int count) {
        need("string table (" + count + " strings)", at, 2L * count);
        budget.charge("string table at offset " + at, 112L * count); // the strings and the map that finds repeats
        String[] table = new String[count];
        long q = at;
        for (int i = 0; i < count; i++) {
            int len = u16("string " + i + " length", q);
            need("string " + i, q + 2, len);
            budget.charge("string " + i + " at offset " + q, 2L * len);
            table[i] = new String(b, (int) q + 2, len, StandardCharsets.UTF_8);
            q += 2L + len;
        }
        Map<String, Integer> first = new HashMap<>();
        int repeats = 0;
        String example = "";
        for (int i = 0; i < count; i++) {
            Integer prev = first.putIfAbsent(table[i], i);
            if (prev != null && repeats++ == 0) {
                example = "string " + i + " " + shown(table[i]) + " repeats string " + prev;
            }
        }
        if (repeats > 0) {
            warnings.add("string table: " + repeats + (repeats == 1 ? " string repeats" : " strings repeat")
                    + " an earlier one (" + example + ")");
        }
        strings = table;
    }

    /** The MESH block's fields, with the regions they point to checked against the file. */
    private static final class MeshFields {
        String name = "";
        int vertexCount;
        long vertexAt;
        List<LmElement> declaration = List.of();
        EnumMap<LmElement, Integer> elementOffset = new EnumMap<>(LmElement.class);
        int stride;
        int indexBytes;
        int indexCount;
        long indexAt;
        @Nullable Bounds bounds;
        long boundsAt;
        int boneCount;
        String[] boneNames = new String[0];
        long bindPosesAt;
        long end;
    }

    private MeshFields readMesh(int k, long s, long dataOffset, boolean hasBounds) {
        MeshFields m = new MeshFields();
        m.name = string("MESH mesh name index", s + 2);
        int bufferCount = i16("MESH vertex buffer count", s + 4);
        if (bufferCount != 1) {
            throw new FormatException("MESH vertex buffer count at offset " + (s + 4) + ": " + bufferCount
                    + ", expected 1");
        }
        long vertexStart = u32("MESH vertex data start", s + 6);
        long vertexCount = u32("MESH vertex count", s + 10);
        String declaration = string("MESH vertex declaration index", s + 14);
        long indexStart = u32("MESH index data start", s + 16);
        long indexLength = u32("MESH index data length", s + 20);
        long q = s + 24;
        if (hasBounds) {
            float[] c = new float[6];
            for (int i = 0; i < 6; i++) {
                c[i] = f32("MESH bounds", q + 4L * i);
                if (!Float.isFinite(c[i])) {
                    throw new FormatException("MESH bounds at offset " + (q + 4L * i) + ": component " + i + " is " + c[i]
                            + ", expected a finite value");
                }
            }
            m.bounds = new Bounds(c[0], c[1], c[2], c[3], c[4], c[5]);
            m.boundsAt = q;
            q += 24;
        }
        m.boneCount = u16("MESH bone count", q);
        q += 2;
        need("MESH bone name indices (" + m.boneCount + ")", q, 2L * m.boneCount);
        budget.charge("MESH bone name indices at offset " + q, 8L * m.boneCount);
        m.boneNames = new String[m.boneCount];
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < m.boneCount; i++) {
            String bone = string("MESH bone " + i + " name index", q + 2L * i);
            Integer prev = seen.putIfAbsent(bone, i);
            if (prev != null) {
                throw new FormatException("MESH bone " + i + " name index at offset " + (q + 2L * i) + ": bone "
                        + shown(bone) + " repeats bone " + prev + ", expected unique bone names");
            }
            m.boneNames[i] = bone;
        }
        q += 2L * m.boneCount;
        long bindStart = u32("MESH inverse bind poses start", q);
        long bindLength = u32("MESH inverse bind poses length", q + 4);
        m.end = q + 8;

        m.declaration = parseDeclaration(declaration, s + 14);
        int offset = 0;
        for (LmElement e : m.declaration) {
            m.elementOffset.put(e, offset);
            offset += e.bytes();
        }
        m.stride = offset;
        boolean weights = m.elementOffset.containsKey(LmElement.BLENDWEIGHT);
        boolean joints = m.elementOffset.containsKey(LmElement.BLENDINDICES);
        if (weights != joints) {
            throw new FormatException("MESH vertex declaration index at offset " + (s + 14) + ": "
                    + shown(declaration) + " has " + (weights ? "BLENDWEIGHT without BLENDINDICES"
                            : "BLENDINDICES without BLENDWEIGHT") + ", expected both or neither");
        }
        if (weights && m.boneCount == 0) {
            throw new FormatException("MESH bone count at offset " + (m.end - 10 - 2L * m.boneCount)
                    + ": 0, but the declaration has BLENDWEIGHT,BLENDINDICES; expected at least 1 bone");
        }
        if (!weights && m.boneCount > 0) {
            throw new FormatException("MESH vertex declaration index at offset " + (s + 14) + ": "
                    + shown(declaration) + " has no BLENDWEIGHT,BLENDINDICES but the mesh has " + m.boneCount
                    + " bones");
        }
        m.vertexAt = dataOffset + vertexStart;
        need("vertex data (" + vertexCount + " vertices x " + m.stride + " bytes, from MESH vertex data start at "
                + (s + 6) + ")", m.vertexAt, vertexCount * m.stride);
        m.vertexCount = (int) vertexCount;
        m.indexBytes = vertexCount > 65535 ? 4 : 2;
        if (indexLength % m.indexBytes != 0) {
            throw new FormatException("MESH index data length at offset " + (s + 20) + ": " + indexLength
                    + " bytes, expected a multiple of the index width " + m.indexBytes + " (" + vertexCount
                    + " vertices)");
        }
        if (indexLength / m.indexBytes % 3 != 0) {
            throw new FormatException("MESH index data length at offset " + (s + 20) + ": " + indexLength / m.indexBytes
                    + " indices, expected a multiple of 3 (triangle list)");
        }
        m.indexAt = dataOffset + indexStart;
        need("index data (from MESH index data start at " + (s + 16) + ")", m.indexAt, indexLength);
        m.indexCount = (int) (indexLength / m.indexBytes);
        if (m.boneCount > 0) {
            if (bindLength != 64L * m.boneCount) {
                throw new FormatException("MESH inverse bind poses length at offset " + (q + 4) + ": " + bindLength
                        + " bytes, expected 64 x bone count " + m.boneCount + " = " + 64L * m.boneCount);
            }
            m.bindPosesAt = dataOffset + bindStart;
            need("inverse bind poses (from MESH inverse bind poses start at " + q + ")", m.bindPosesAt, bindLength);
        } else if (bindStart != 0 || bindLength != 0) {
            warnings.add("MESH inverse bind poses at offset " + q + ": start " + bindStart + ", length " + bindLength
                    + " on a mesh without bones, ignored");
        }
        return m;
    }

    private static List<LmElement> parseDeclaration(String declaration, long at) {
        List<LmElement> out = new ArrayList<>();
        EnumMap<LmElement, Boolean> seen = new EnumMap<>(LmElement.class);
        for (String name : declaration.split(",", -1)) {
            LmElement e = LmElement.byName(name);
            if (e == null) {
                throw new FormatException("MESH vertex declaration index at offset " + at + ": "
                        + shown(declaration) + " has element " + shown(name) + ", expected one of "
                        + Arrays.toString(LmElement.values()));
            }
            if (seen.put(e, Boolean.TRUE) != null) {
                throw new FormatException("MESH vertex declaration index at offset " + at + ": "
                        + shown(declaration) + " repeats element " + name + ", expected each element once");
            }
            out.add(e);
        }
        if (!seen.containsKey(LmElement.POSITION)) {
            throw new FormatException("MESH vertex declaration index at offset " + at + ": "
                    + shown(declaration) + " has no POSITION, expected positions");
        }
        return out;
    }

    private RawSubmesh readSubmesh(int k, long s, long dataOffset, MeshFields m) {
        RawSubmesh r = new RawSubmesh();
        r.block = k;
        r.blockStart = s;
        i16("SUBMESH vertex buffer index", s + 2);
        r.firstIndex = u32("SUBMESH first index", s + 4);
        r.indexCount = u32("SUBMESH index count", s + 8);
        int draws = u16("SUBMESH draw count", s + 12);
        String where = "block " + k + " SUBMESH";
        if (r.firstIndex % 3 != 0 || r.indexCount % 3 != 0 || r.firstIndex + r.indexCount > m.indexCount) {
            throw new FormatException(where + " first index at offset " + (s + 4) + ": range " + r.firstIndex + ".."
                    + (r.firstIndex + r.indexCount) + ", expected whole triangles within the " + m.indexCount
                    + " indices");
        }
        if (draws == 0) {
            throw new FormatException(where + " draw count at offset " + (s + 12) + ": 0, expected at least 1");
        }
        need(where + " draws (" + draws + " x 16 bytes)", s + 14, 16L * draws);
        budget.charge(where + " draws at offset " + (s + 14), 48L * draws);
        r.drawFirst = new long[draws];
        r.drawCount = new long[draws];
        r.dictionaries = new int[draws][];
        r.dictionaryAt = new long[draws];
        long expected = r.firstIndex;
        for (int d = 0; d < draws; d++) {
            long q = s + 14 + 16L * d;
            long first = u32(where + " draw " + d + " first index", q);
            long count = u32(where + " draw " + d + " index count", q + 4);
            long dictStart = u32(where + " draw " + d + " bone dictionary start", q + 8);
            long dictLength = u32(where + " draw " + d + " bone dictionary length", q + 12);
            if (first != expected || count % 3 != 0 || first + count > r.firstIndex + r.indexCount) {
                throw new FormatException(where + " draw " + d + " first index at offset " + q + ": range " + first
                        + ".." + (first + count) + ", expected whole triangles from " + expected + " within the submesh's "
                        + r.firstIndex + ".." + (r.firstIndex + r.indexCount) + " (draws tile their submesh in order)");
            }
            expected = first + count;
            r.drawFirst[d] = first;
            r.drawCount[d] = count;
            r.dictionaryAt[d] = dataOffset + dictStart;
            if (m.boneCount == 0) {
                r.dictionaries[d] = new int[0];
                if (dictStart != 0 || dictLength != 0) {
                    warnings.add(where + " draw " + d + " bone dictionary at offset " + (q + 8) + ": start " + dictStart
                            + ", length " + dictLength + " on a mesh without bones, ignored");
                }
                continue;
            }
            if (dictLength % 2 != 0) {
                throw new FormatException(where + " draw " + d + " bone dictionary length at offset " + (q + 12) + ": "
                        + dictLength + " bytes, expected an even number (u16 entries)");
            }
            need(where + " draw " + d + " bone dictionary (from its start at " + (q + 8) + ")", r.dictionaryAt[d],
                    dictLength);
            int entries = (int) (dictLength / 2);
            budget.charge(where + " draw " + d + " bone dictionary at offset " + r.dictionaryAt[d],
                    24L * entries);
            int[] dict = new int[entries];
            for (int e = 0; e < entries; e++) {
                long at = r.dictionaryAt[d] + 2L * e;
                dict[e] = LmBytes.u16(b, (int) at);
                if (dict[e] >= m.boneCount) {
                    throw new FormatException(where + " draw " + d + " bone dictionary entry " + e + " at offset " + at
                            + ": bone " + dict[e] + ", expected < bone count " + m.boneCount);
                }
            }
            if (entries > ENGINE_MAX_BONES) {
                warnings.add(where + " draw " + d + " bone dictionary at offset " + r.dictionaryAt[d] + ": " + entries
                        + " bones, more than the " + ENGINE_MAX_BONES + " LayaAir's shaders bind");
            }
            r.dictionaries[d] = dict;
        }
        if (expected != r.firstIndex + r.indexCount) {
            throw new FormatException(where + " draw count at offset " + (s + 12) + ": the " + draws
                    + " draws cover indices " + r.firstIndex + ".." + expected + ", expected the whole submesh "
                    + r.firstIndex + ".." + (r.firstIndex + r.indexCount));
        }
        if (m.boneCount == 0 && draws > 1) {
            warnings.add(where + " at offset " + s + ": " + draws
                    + " draws on a mesh without bones; read as one submesh, the draw ranges are not kept");
        }
        return r;
    }

    // ---- bulk decoding -----------------------------------------------------------------------

    /** The offset of an element within the vertex, or -1 when the declaration lacks it. */
    private static int offsetOf(MeshFields m, LmElement e) {
        Integer off = m.elementOffset.get(e);
        return off == null ? -1 : off;
    }

    /**
     * Decodes the vertex, index and bind pose data into the mesh. Everything the model requires of
     * the data is checked here against the file (finite floats, indices below the vertex count,
     * weights, joints resolved through checked dictionaries, unique bone names), so the mesh is
     * built on the model's trusted path and does not check it again.
     */
    private LmReadResult decode(String version, MeshFields m, long meshStart, List<RawSubmesh> subs) {
        int n = m.vertexCount;
        long floatsPerVertex = 0;
        for (LmElement e : m.declaration) {
            floatsPerVertex += e == LmElement.BLENDINDICES ? 4 : e.bytes() / 4;
        }
        budget.charge("vertex data at offset " + m.vertexAt, 4L * (floatsPerVertex + 2) * n);
        budget.charge("index data at offset " + m.indexAt, 4L * m.indexCount);
        budget.charge("inverse bind poses at offset " + m.bindPosesAt, 64L * m.boneCount);
        if (offsetOf(m, LmElement.UV) < 0 && offsetOf(m, LmElement.UV1) >= 0) {
            warnings.add("MESH vertex declaration: UV1 without UV; read as UV channel 0");
        }
        int[] indices = readIndices(m, convention.reversesWinding());
        Vertices v = new Vertices(m);
        if (m.boneCount > 0) {
            owners(subs, indices, v);
        }
        boolean clean = route != Route.CHECKED && v.readClean(m.boneCount > 0 ? drawDictionaries(subs) : new int[0][]);
        if (!clean && route == Route.CLEAN) {
            throw new IllegalStateException("the clean vertex pass declined the file");
        }
        if (!clean) {
            v.read(subs);
        }
        if (v.shared) {
            checkSharedVertices(subs, indices, v);
        }

        ModelAccess.Bridge access = ModelAccess.get();
        Mesh.Builder builder = access.trustedMeshBuilder(m.name);
        builder.positions(v.positions);
        if (v.normals != null) {
            builder.normals(v.normals);
        }
        if (v.colors != null) {
            builder.colors(v.colors);
        }
        if (v.uv0 != null) {
            builder.addUvs(v.uv0);
        }
        if (v.uv1 != null) {
            builder.addUvs(v.uv1);
        }
        if (v.tangents != null) {
            builder.tangents(v.tangents);
        }
        if (v.normalBytes != null) {
            builder.addAttribute(access.trustedAttribute(LayaModels.NORMAL_BYTE_ATTRIBUTE, 4, v.normalBytes));
        }
        if (n > 0) {
            access.presetBounds(builder, new Bounds(v.min[0], v.min[1], v.min[2], v.max[0], v.max[1], v.max[2]));
        }

        Material material = Material.builder("").build();
        for (int s = 0; s < subs.size(); s++) {
            RawSubmesh r = subs.get(s);
            List<Draw> draws = new ArrayList<>();
            if (m.boneCount > 0) {
                for (int d = 0; d < r.drawFirst.length; d++) {
                    if (r.drawCount[d] == 0) {
                        continue;
                    }
                    try {
                        draws.add(access.adoptDraw((int) r.drawFirst[d], (int) r.drawCount[d], r.dictionaries[d]));
                    } catch (ValidationException e) {
                        throw new FormatException("SUBMESH " + s + " draw " + d + " bone dictionary at offset "
                                + r.dictionaryAt[d] + ": " + e.getMessage(), e);
                    }
                }
            }
            builder.addSubmesh(new Submesh((int) r.firstIndex, (int) r.indexCount, s, draws));
            builder.addMaterial(material);
        }
        builder.indices(indices);
        if (m.boneCount > 0) {
            float[] ibm = readBindPoses(m);
            if (convention.mirrorsBindPoses()) {
                LmWriter.mirrorBindPoses(ibm);
            }
            assert v.joints != null && v.weights != null;
            try {
                BoneWeights bw = access.trustedWeights(4, v.joints, v.weights,
                        BoneSlots.isCanonical(v.joints, v.weights, 4));
                builder.skin(access.trustedSkin(m.boneNames, ibm, bw));
            } catch (ValidationException e) {
                throw new FormatException("inverse bind poses at offset " + m.bindPosesAt + ": " + e.getMessage(), e);
            }
        }
        Mesh mesh;
        try {
            mesh = builder.build();
        } catch (ValidationException e) {
            throw new FormatException("MESH block at offset " + meshStart + " (vertex data at " + m.vertexAt + "): "
                    + e.getMessage(), e);
        }
        Bounds stored = m.bounds == null ? null : convention.mapBounds(m.bounds);
        return new LmReadResult(version, convention, mesh, stored, m.declaration, blocks, m.indexBytes, warnings);
    }

    /** The inverse bind poses, 16 floats per bone, each checked finite. */
    private float[] readBindPoses(MeshFields m) {
        float[] ibm = new float[16 * m.boneCount];
        int at = (int) m.bindPosesAt;
        for (int i = 0; i < ibm.length; i++, at += 4) {
            int bits = LmBytes.i32(b, at);
            if ((bits & ScalarLmCodec.EXPONENT) == ScalarLmCodec.EXPONENT) {
                throw new FormatException("inverse bind pose of bone " + (i / 16) + " element " + (i % 16)
                        + " at offset " + at + ": " + Float.intBitsToFloat(bits) + ", expected a finite value");
            }
            ibm[i] = Float.intBitsToFloat(bits);
        }
        return ibm;
    }


    /** Throws for the non-finite float of element {@code e} of vertex {@code v}, component {@code c}. */
    private static FormatException notFinite(LmElement e, int v, int c, int at, int bits) {
        return new FormatException(e.declarationName() + " of vertex " + v + " component " + c + " at offset " + at
                + ": " + Float.intBitsToFloat(bits) + ", expected a finite value");
    }

    /**
     * The vertex streams, decoded in one pass over the interleaved buffer, vertex by vertex; the
     * arrays are those the mesh adopts.
     */
    private final class Vertices {
        final int n;
        final int stride;
        final int base;
        final int posAt;
        final int norAt;
        final int colAt;
        final int uv0At;
        final LmElement uv0Element;
        final int uv1At;
        final int weightAt;
        final int jointAt;
        final int tanAt;
        final int nbAt;
        final int boneCount;
        final float[] positions;
        final float @Nullable [] normals;
        final float @Nullable [] colors;
        final float @Nullable [] uv0;
        final float @Nullable [] uv1;
        final float @Nullable [] weights;
        final int @Nullable [] joints;
        final float @Nullable [] tangents;
        final float @Nullable [] normalBytes;
        final float[] min = {Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY, Float.POSITIVE_INFINITY};
        final float[] max = {Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY};
        /** Per vertex, the first draw (running id) that draws it, or -1; set before {@link #read}. */
        int[] owner = new int[0];
        /** Whether some vertex is drawn by more than one draw; set with {@link #owner}. */
        boolean shared;

        Vertices(MeshFields m) {
            n = m.vertexCount;
            stride = m.stride;
            base = (int) m.vertexAt;
            posAt = offsetOf(m, LmElement.POSITION);
            norAt = offsetOf(m, LmElement.NORMAL);
            colAt = offsetOf(m, LmElement.COLOR);
            int uvOffset = offsetOf(m, LmElement.UV);
            int uv1Offset = offsetOf(m, LmElement.UV1);
            // UV1 without UV is read as channel 0
            uv0At = uvOffset >= 0 ? uvOffset : uv1Offset;
            uv0Element = uvOffset >= 0 ? LmElement.UV : LmElement.UV1;
            uv1At = uvOffset >= 0 ? uv1Offset : -1;
            weightAt = offsetOf(m, LmElement.BLENDWEIGHT);
            jointAt = offsetOf(m, LmElement.BLENDINDICES);
            tanAt = offsetOf(m, LmElement.TANGENT);
            nbAt = offsetOf(m, LmElement.NORMAL_BYTE);
            boneCount = m.boneCount;
            positions = new float[3 * n];
            normals = norAt >= 0 ? new float[3 * n] : null;
            colors = colAt >= 0 ? new float[4 * n] : null;
            uv0 = uv0At >= 0 ? new float[2 * n] : null;
            uv1 = uv1At >= 0 ? new float[2 * n] : null;
            weights = boneCount > 0 ? new float[4 * n] : null;
            joints = boneCount > 0 ? new int[4 * n] : null;
            tangents = tanAt >= 0 ? new float[4 * n] : null;
            normalBytes = nbAt >= 0 ? new float[4 * n] : null;
        }

        /** Reads {@code count} finite floats of element {@code e} at {@code at} into {@code dst} from {@code d}. */
        private void finite(LmElement e, int v, int at, float[] dst, int d, int count) {
            for (int c = 0; c < count; c++) {
                int bits = LmBytes.i32(b, at + 4 * c);
                if ((bits & ScalarLmCodec.EXPONENT) == ScalarLmCodec.EXPONENT) {
                    throw notFinite(e, v, c, at + 4 * c, bits);
                }
                dst[d + c] = Float.intBitsToFloat(bits);
            }
        }

        /**
         * The vertex pass of a file {@link #read} would accept without a warning, in straight-line
         * code: the floats are checked together (an accumulated exponent test, looked at once at
         * the end), the weights and local bones one vertex at a time. Returns {@code false} when
         * anything is off (a value not finite, a weight below 0, a local bone past its dictionary
         * or past the bone list), leaving {@link #min} and {@link #max} as they were; the caller
         * then runs {@link #read}, which finds the same value again and reports it as it always
         * does. Like {@link #read}, it needs {@link #owner} set, and resolves a vertex's local bones
         * through its first draw.
         *
         * <p>Runs in the reader's {@link LmCodec}: the vector one when the JVM has the incubator
         * module, else the scalar one; both read the same values and decline the same files.
         */
        boolean readClean(int[][] dictOf) {
            LmColumns c = new LmColumns(n, stride, convention, positions, posAt, normals, norAt, colors, colAt, uv0,
                    uv0At, uv1, uv1At, weights, weightAt, jointAt, tangents, tanAt, normalBytes, nbAt);
            float[] bounds = {min[0], min[1], min[2], max[0], max[1], max[2]};
            if (!codec.decode(c, b, base, owner, dictOf, boneCount, joints, bounds)) {
                return false;
            }
            System.arraycopy(bounds, 0, min, 0, 3);
            System.arraycopy(bounds, 3, max, 0, 3);
            return true;
        }

        void read(List<RawSubmesh> subs) {
            float xs = convention.xSign();
            float ws = convention.tangentWSign();
            boolean flipV = convention.flipsV();
            int[][] dictOf = boneCount > 0 ? drawDictionaries(subs) : new int[0][];
            int zeroBeyond = 0;
            int beyond = 0;
            float x0 = min[0], y0 = min[1], z0 = min[2], x1 = max[0], y1 = max[1], z1 = max[2];
            float[] pos = positions;
            float[] nor = normals;
            float[] col = colors;
            float[] t0 = uv0;
            float[] t1 = uv1;
            float[] tan = tangents;
            float[] nbs = normalBytes;
            float[] wts = weights;
            int[] jts = joints;
            int[] own = owner;
            byte[] bytes = b;
            int posOff = posAt;
            int norOff = norAt;
            int colOff = colAt;
            int uv0Off = uv0At;
            int uv1Off = uv1At;
            int tanOff = tanAt;
            int nbOff = nbAt;
            int weightOff = weightAt;
            int jointOff = jointAt;
            int bones = boneCount;
            for (int v = 0, at = base; v < n; v++, at += stride) {
                int p3 = 3 * v;
                int p4 = 4 * v;
                int p2 = 2 * v;
                finite(LmElement.POSITION, v, at + posOff, pos, p3, 3);
                float x = pos[p3] * xs;
                pos[p3] = x;
                x0 = Math.min(x0, x);
                x1 = Math.max(x1, x);
                y0 = Math.min(y0, pos[p3 + 1]);
                y1 = Math.max(y1, pos[p3 + 1]);
                z0 = Math.min(z0, pos[p3 + 2]);
                z1 = Math.max(z1, pos[p3 + 2]);
                if (nor != null) {
                    finite(LmElement.NORMAL, v, at + norOff, nor, p3, 3);
                    nor[p3] *= xs;
                }
                if (col != null) {
                    finite(LmElement.COLOR, v, at + colOff, col, p4, 4);
                }
                if (t0 != null) {
                    finite(uv0Element, v, at + uv0Off, t0, p2, 2);
                    if (flipV) {
                        t0[p2 + 1] = 1f - t0[p2 + 1];
                    }
                }
                if (t1 != null) {
                    finite(LmElement.UV1, v, at + uv1Off, t1, p2, 2);
                    if (flipV) {
                        t1[p2 + 1] = 1f - t1[p2 + 1];
                    }
                }
                if (tan != null) {
                    finite(LmElement.TANGENT, v, at + tanOff, tan, p4, 4);
                    tan[p4] *= xs;
                    tan[p4 + 3] *= ws;
                }
                if (nbs != null) {
                    int q = at + nbOff;
                    nbs[p4] = bytes[q] & 0xFF;
                    nbs[p4 + 1] = bytes[q + 1] & 0xFF;
                    nbs[p4 + 2] = bytes[q + 2] & 0xFF;
                    nbs[p4 + 3] = bytes[q + 3] & 0xFF;
                }
                if (wts != null && jts != null) {
                    int q = at + weightOff;
                    for (int c = 0; c < 4; c++) {
                        float w = LmBytes.f32(bytes, q + 4 * c);
                        if (!(w >= 0) || w == Float.POSITIVE_INFINITY) {
                            throw new FormatException("BLENDWEIGHT of vertex " + v + " slot " + c + " at offset "
                                    + (q + 4 * c) + ": " + w + ", expected a finite weight >= 0");
                        }
                        wts[p4 + c] = w;
                    }
                    q = at + jointOff;
                    int draw = own[v];
                    if (draw < 0) {
                        // no draw uses the vertex: its values are palette indices, as the exporter leaves them
                        for (int c = 0; c < 4; c++) {
                            int j = bytes[q + c] & 0xFF;
                            if (j >= bones) {
                                j = 0;
                                beyond++;
                            }
                            jts[p4 + c] = j;
                        }
                        continue;
                    }
                    int[] dict = dictOf[draw];
                    for (int c = 0; c < 4; c++) {
                        int local = bytes[q + c] & 0xFF;
                        if (local < dict.length) {
                            jts[p4 + c] = dict[local];
                        } else if (wts[p4 + c] > 0) {
                            throw pastDictionary(subs, draw, v, c, q + c, local, wts[p4 + c]);
                        } else {
                            jts[p4 + c] = 0;
                            zeroBeyond++;
                        }
                    }
                }
            }
            min[0] = x0;
            min[1] = y0;
            min[2] = z0;
            max[0] = x1;
            max[1] = y1;
            max[2] = z1;
            if (zeroBeyond > 0) {
                warnings.add("BLENDINDICES: " + zeroBeyond + " zero-weight slots hold local bones past their draw's"
                        + " dictionary; read as bone 0");
            }
            if (beyond > 0) {
                warnings.add("BLENDINDICES: " + beyond + " slots of vertices no draw uses are past the bone list; read"
                        + " as bone 0");
            }
        }
    }

    /** The dictionaries of the draws by running draw id (submesh order, then draw order). */
    private static int[][] drawDictionaries(List<RawSubmesh> subs) {
        int count = 0;
        for (RawSubmesh r : subs) {
            count += r.drawFirst.length;
        }
        int[][] out = new int[count][];
        int id = 0;
        for (RawSubmesh r : subs) {
            for (int[] dict : r.dictionaries) {
                out[id++] = dict;
            }
        }
        return out;
    }

    private FormatException pastDictionary(List<RawSubmesh> subs, int draw, int v, int c, int at, int local, float w) {
        int id = draw;
        for (int s = 0; s < subs.size(); s++) {
            RawSubmesh r = subs.get(s);
            if (id < r.drawFirst.length) {
                return new FormatException("BLENDINDICES of vertex " + v + " slot " + c + " at offset " + at
                        + ": local bone " + local + " with weight " + w + ", past the " + r.dictionaries[id].length
                        + " entries of the bone dictionary of SUBMESH " + s + " draw " + id + " (at offset "
                        + r.dictionaryAt[id] + ")");
            }
            id -= r.drawFirst.length;
        }
        throw new AssertionError("draw " + draw);
    }

    /**
     * Reads the indices, each checked below the vertex count, with each triangle's second and
     * third index swapped when {@code reverse}. Tried and dropped, over the testkit character's
     * 16-bit indices (JDK 17, thread CPU time, median of 7 rounds in one JVM, load 5-7; this loop
     * 140 us): the bound test accumulated and looked at once after the loop, 202 us; a bulk
     * {@code ShortBuffer.get} into a {@code short[]} and a widening loop, 194 us; each index from
     * its two bytes in a plain loop, 225 us.
     */
    private int[] readIndices(MeshFields m, boolean reverse) {
        int count = m.indexCount;
        int n = m.vertexCount;
        int[] out = new int[count];
        int at = (int) m.indexAt;
        int second = reverse ? 2 : 1;
        int third = reverse ? 1 : 2;
        if (m.indexBytes == 2) {
            for (int i = 0; i < count; i += 3, at += 6) {
                int x = LmBytes.u16(b, at);
                int y = LmBytes.u16(b, at + 2);
                int z = LmBytes.u16(b, at + 4);
                if (x >= n || y >= n || z >= n) {
                    throw badIndex(m, i, new int[] {x, y, z});
                }
                out[i] = x;
                out[i + second] = y;
                out[i + third] = z;
            }
        } else {
            for (int i = 0; i < count; i += 3, at += 12) {
                int x = LmBytes.i32(b, at);
                int y = LmBytes.i32(b, at + 4);
                int z = LmBytes.i32(b, at + 8);
                if (Integer.compareUnsigned(x, n) >= 0 || Integer.compareUnsigned(y, n) >= 0
                        || Integer.compareUnsigned(z, n) >= 0) {
                    throw badIndex(m, i, new int[] {x, y, z});
                }
                out[i] = x;
                out[i + second] = y;
                out[i + third] = z;
            }
        }
        return out;
    }

    /** The error for the first index of the triangle at {@code first} that is not below the vertex count. */
    private static FormatException badIndex(MeshFields m, int first, int[] triangle) {
        int c = 0;
        while (Integer.compareUnsigned(triangle[c], m.vertexCount) < 0) {
            c++;
        }
        return new FormatException("index " + (first + c) + " at offset " + (m.indexAt + (long) m.indexBytes * (first + c))
                + ": " + Integer.toUnsignedString(triangle[c]) + ", expected < vertex count " + m.vertexCount);
    }

    /**
     * Finds each vertex's first draw (submesh order, then draw order), and whether draws share
     * vertices. A vertex's slot is stored only the first time a draw reaches it. Tried and dropped,
     * over the testkit character's 286,482 indices (JDK 17, thread CPU time, median of 7-11 rounds
     * in one JVM, load 5-10; this loop 140-185 us): the draws visited last to first with every
     * slot stored and the loaded one compared, without a branch, 175-180 us (a load and a store of
     * the same slots per index); the slots stored, then checked in a second pass, 206 us.
     */
    private static void owners(List<RawSubmesh> subs, int[] indices, Vertices v) {
        int[] owner = new int[v.n];
        Arrays.fill(owner, -1);
        boolean shared = false;
        int drawId = 0;
        for (RawSubmesh r : subs) {
            for (int d = 0; d < r.drawFirst.length; d++, drawId++) {
                for (int i = (int) r.drawFirst[d], end = (int) (r.drawFirst[d] + r.drawCount[d]); i < end; i++) {
                    int o = owner[indices[i]];
                    if (o < 0) {
                        owner[indices[i]] = drawId;
                    } else if (o != drawId) {
                        shared = true;
                    }
                }
            }
        }
        v.owner = owner;
        v.shared = shared;
    }

    /**
     * Checks the draws that use a vertex after its first: their weighted slots must lie within
     * their dictionary and resolve to the bones the first draw gave the vertex.
     */
    private void checkSharedVertices(List<RawSubmesh> subs, int[] indices, Vertices v) {
        int[] owner = v.owner;
        float[] weights = v.weights;
        int[] joints = v.joints;
        assert weights != null && joints != null;
        int[] seenBy = new int[v.n]; // last draw that checked the vertex, or -1
        Arrays.fill(seenBy, -1);
        int drawId = 0;
        for (int s = 0; s < subs.size(); s++) {
            RawSubmesh r = subs.get(s);
            for (int d = 0; d < r.drawFirst.length; d++, drawId++) {
                int[] dict = r.dictionaries[d];
                for (int i = (int) r.drawFirst[d], end = (int) (r.drawFirst[d] + r.drawCount[d]); i < end; i++) {
                    int vertex = indices[i];
                    if (owner[vertex] == drawId || seenBy[vertex] == drawId) {
                        continue;
                    }
                    seenBy[vertex] = drawId;
                    int at = v.base + vertex * v.stride + v.jointAt;
                    for (int c = 0; c < 4; c++) {
                        int local = b[at + c] & 0xFF;
                        float w = weights[4 * vertex + c];
                        if (!(w > 0)) {
                            continue;
                        }
                        if (local >= dict.length) {
                            throw new FormatException("BLENDINDICES of vertex " + vertex + " slot " + c + " at offset "
                                    + (at + c) + ": local bone " + local + " with weight " + w + ", past the "
                                    + dict.length + " entries of the bone dictionary of SUBMESH " + s + " draw " + d
                                    + " (at offset " + r.dictionaryAt[d] + ")");
                        }
                        int bone = dict[local];
                        if (joints[4 * vertex + c] != bone) {
                            throw new FormatException("BLENDINDICES of vertex " + vertex + " slot " + c + " at offset "
                                    + (at + c) + ": SUBMESH " + s + " draw " + d + " resolves local bone " + local
                                    + " to bone " + bone + ", an earlier draw to bone " + joints[4 * vertex + c]
                                    + "; expected draws that share a vertex to agree");
                        }
                    }
                }
            }
        }
    }
}
