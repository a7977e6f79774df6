package io.github.skinmesh.laya;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.ValidationException;
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

    private LmReader(byte[] bytes, LmConvention convention) {
        this.b = bytes;
        this.budget = new ByteBudget(bytes.length, BUDGET_FACTOR, BUDGET_SLACK);
        this.convention = convention;
    }

    static LmReadResult read(byte[] bytes, LmConvention convention) {
        return new LmReader(bytes, convention).run();
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
        budget.charge("block table", 16L * blockCount);
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
        return decode(version, mesh, meshStart, subs);
    }

    private void readStrings(long at, int count) {
        need("string table (" + count + " strings)", at, 2L * count);
        budget.charge("string table", 112L * count); // the strings and the map that finds repeats
        String[] table = new String[count];
        long q = at;
        for (int i = 0; i < count; i++) {
            int len = u16("string " + i + " length", q);
            need("string " + i, q + 2, len);
            budget.charge("string " + i, 2L * len);
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
        budget.charge("MESH bone names", 8L * m.boneCount);
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
        budget.charge(where + " draws", 48L * draws);
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
            budget.charge(where + " draw " + d + " bone dictionary", 24L * entries);
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

    private LmReadResult decode(String version, MeshFields m, long meshStart, List<RawSubmesh> subs) {
        int n = m.vertexCount;
        long floatsPerVertex = 0;
        for (LmElement e : m.declaration) {
            floatsPerVertex += e == LmElement.BLENDINDICES ? 4 : e.bytes() / 4;
        }
        budget.charge("vertex data", 4L * (floatsPerVertex + 2) * n);
        budget.charge("index data", 4L * m.indexCount);
        budget.charge("inverse bind poses", 64L * m.boneCount);
        float xs = convention.xSign();
        float ws = convention.tangentWSign();
        boolean flipV = convention.flipsV();
        int stride = m.stride;
        int base = (int) m.vertexAt;

        Mesh.Builder builder = ModelAccess.get().adoptingMeshBuilder(m.name);
        builder.positions(readVec3(base + m.elementOffset.get(LmElement.POSITION), stride, n, xs));
        Integer off = m.elementOffset.get(LmElement.NORMAL);
        if (off != null) {
            builder.normals(readVec3(base + off, stride, n, xs));
        }
        off = m.elementOffset.get(LmElement.COLOR);
        if (off != null) {
            builder.colors(readFloats(base + off, stride, n, 4));
        }
        off = m.elementOffset.get(LmElement.UV);
        Integer uv1 = m.elementOffset.get(LmElement.UV1);
        if (off != null) {
            builder.addUvs(readUv(base + off, stride, n, flipV));
        } else if (uv1 != null) {
            warnings.add("MESH vertex declaration: UV1 without UV; read as UV channel 0");
        }
        if (uv1 != null) {
            builder.addUvs(readUv(base + uv1, stride, n, flipV));
        }
        off = m.elementOffset.get(LmElement.TANGENT);
        if (off != null) {
            float[] t = readFloats(base + off, stride, n, 4);
            for (int v = 0; v < n; v++) {
                t[4 * v] *= xs;
                t[4 * v + 3] *= ws;
            }
            builder.tangents(t);
        }
        off = m.elementOffset.get(LmElement.NORMAL_BYTE);
        if (off != null) {
            float[] nb = new float[4 * n];
            for (int v = 0, at = base + off; v < n; v++, at += stride) {
                for (int c = 0; c < 4; c++) {
                    nb[4 * v + c] = b[at + c] & 0xFF;
                }
            }
            builder.addAttribute(ModelAccess.get().adoptAttribute(LayaModels.NORMAL_BYTE_ATTRIBUTE, 4, nb));
        }
        int[] indices = readIndices(m);

        Material material = Material.builder("").build();
        float[] weights = null;
        int[] joints = null;
        if (m.boneCount > 0) {
            int weightAt = base + m.elementOffset.get(LmElement.BLENDWEIGHT);
            weights = new float[4 * n];
            for (int v = 0, at = weightAt; v < n; v++, at += stride) {
                for (int c = 0; c < 4; c++) {
                    float w = LmBytes.f32(b, at + 4 * c);
                    if (!(w >= 0) || w == Float.POSITIVE_INFINITY) {
                        throw new FormatException("BLENDWEIGHT of vertex " + v + " slot " + c + " at offset "
                                + (at + 4 * c) + ": " + w + ", expected a finite weight >= 0");
                    }
                    weights[4 * v + c] = w;
                }
            }
            joints = resolveJoints(m, subs, indices, weights, base + m.elementOffset.get(LmElement.BLENDINDICES));
        }
        for (int s = 0; s < subs.size(); s++) {
            RawSubmesh r = subs.get(s);
            List<Draw> draws = new ArrayList<>();
            if (m.boneCount > 0) {
                for (int d = 0; d < r.drawFirst.length; d++) {
                    if (r.drawCount[d] == 0) {
                        continue;
                    }
                    try {
                        draws.add(ModelAccess.get().adoptDraw((int) r.drawFirst[d], (int) r.drawCount[d],
                                r.dictionaries[d]));
                    } catch (ValidationException e) {
                        throw new FormatException("SUBMESH " + s + " draw " + d + " bone dictionary at offset "
                                + r.dictionaryAt[d] + ": " + e.getMessage(), e);
                    }
                }
            }
            builder.addSubmesh(new Submesh((int) r.firstIndex, (int) r.indexCount, s, draws));
            builder.addMaterial(material);
        }
        if (convention.reversesWinding()) {
            for (int i = 0; i + 2 < indices.length; i += 3) {
                int t = indices[i + 1];
                indices[i + 1] = indices[i + 2];
                indices[i + 2] = t;
            }
        }
        builder.indices(indices);
        if (m.boneCount > 0) {
            float[] ibm = readFloats((int) m.bindPosesAt, 64, m.boneCount, 16);
            if (convention.mirrorsBindPoses()) {
                LmWriter.mirrorBindPoses(ibm);
            }
            try {
                BoneWeights bw = ModelAccess.get().adoptSlots(4, joints, weights);
                builder.skin(ModelAccess.get().adoptSkin(m.boneNames, ibm, bw));
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
        Bounds stored = m.bounds;
        if (stored != null && convention.xSign() < 0) {
            stored = new Bounds(-stored.maxX(), stored.minY(), stored.minZ(), -stored.minX(), stored.maxY(),
                    stored.maxZ());
        }
        return new LmReadResult(version, mesh, stored, m.declaration, blocks, m.indexBytes, warnings);
    }

    private float[] readVec3(int at, int stride, int n, float xs) {
        float[] out = new float[3 * n];
        for (int v = 0; v < n; v++, at += stride) {
            out[3 * v] = LmBytes.f32(b, at) * xs;
            out[3 * v + 1] = LmBytes.f32(b, at + 4);
            out[3 * v + 2] = LmBytes.f32(b, at + 8);
        }
        return out;
    }

    private float[] readFloats(int at, int stride, int n, int per) {
        float[] out = new float[per * n];
        for (int v = 0, o = 0; v < n; v++, at += stride) {
            for (int c = 0; c < per; c++) {
                out[o++] = LmBytes.f32(b, at + 4 * c);
            }
        }
        return out;
    }

    private float[] readUv(int at, int stride, int n, boolean flipV) {
        float[] out = new float[2 * n];
        for (int v = 0; v < n; v++, at += stride) {
            out[2 * v] = LmBytes.f32(b, at);
            float y = LmBytes.f32(b, at + 4);
            out[2 * v + 1] = flipV ? 1f - y : y;
        }
        return out;
    }

    private int[] readIndices(MeshFields m) {
        int count = m.indexCount;
        int n = m.vertexCount;
        int[] out = new int[count];
        int at = (int) m.indexAt;
        if (m.indexBytes == 2) {
            for (int i = 0; i < count; i++, at += 2) {
                out[i] = LmBytes.u16(b, at);
            }
        } else {
            for (int i = 0; i < count; i++, at += 4) {
                out[i] = LmBytes.i32(b, at);
            }
        }
        for (int i = 0; i < count; i++) {
            if (out[i] < 0 || out[i] >= n) {
                throw new FormatException("index " + i + " at offset " + (m.indexAt + (long) m.indexBytes * i) + ": "
                        + Integer.toUnsignedString(out[i]) + ", expected < vertex count " + n);
            }
        }
        return out;
    }

    /**
     * Turns each vertex's local BLENDINDICES into palette indices through the dictionary of the
     * first draw that draws it; checks later draws agree on weighted slots.
     */
    private int[] resolveJoints(MeshFields m, List<RawSubmesh> subs, int[] indices, float[] weights, int jointAt) {
        int n = m.vertexCount;
        int stride = m.stride;
        int[] joints = new int[4 * n];
        int[] owner = new int[n]; // first draw (running id) that draws the vertex, or -1
        int[] seenBy = new int[n]; // last draw that checked the vertex, or -1
        Arrays.fill(owner, -1);
        Arrays.fill(seenBy, -1);
        int zeroBeyond = 0;
        int drawId = 0;
        for (int s = 0; s < subs.size(); s++) {
            RawSubmesh r = subs.get(s);
            for (int d = 0; d < r.drawFirst.length; d++, drawId++) {
                int[] dict = r.dictionaries[d];
                for (int i = (int) r.drawFirst[d], end = (int) (r.drawFirst[d] + r.drawCount[d]); i < end; i++) {
                    int v = indices[i];
                    if (seenBy[v] == drawId) {
                        continue;
                    }
                    seenBy[v] = drawId;
                    int at = jointAt + v * stride;
                    boolean first = owner[v] < 0;
                    if (first) {
                        owner[v] = drawId;
                    }
                    for (int c = 0; c < 4; c++) {
                        int local = b[at + c] & 0xFF;
                        float w = weights[4 * v + c];
                        if (local >= dict.length) {
                            if (w > 0) {
                                throw new FormatException("BLENDINDICES of vertex " + v + " slot " + c + " at offset "
                                        + (at + c) + ": local bone " + local + " with weight " + w + ", past the "
                                        + dict.length + " entries of the bone dictionary of SUBMESH " + s + " draw " + d
                                        + " (at offset " + r.dictionaryAt[d] + ")");
                            }
                            if (first) {
                                joints[4 * v + c] = 0;
                                zeroBeyond++;
                            }
                            continue;
                        }
                        int bone = dict[local];
                        if (first) {
                            joints[4 * v + c] = bone;
                        } else if (w > 0 && joints[4 * v + c] != bone) {
                            throw new FormatException("BLENDINDICES of vertex " + v + " slot " + c + " at offset "
                                    + (at + c) + ": SUBMESH " + s + " draw " + d + " resolves local bone " + local
                                    + " to bone " + bone + ", an earlier draw to bone " + joints[4 * v + c]
                                    + "; expected draws that share a vertex to agree");
                        }
                    }
                }
            }
        }
        if (zeroBeyond > 0) {
            warnings.add("BLENDINDICES: " + zeroBeyond + " zero-weight slots hold local bones past their draw's"
                    + " dictionary; read as bone 0");
        }
        int beyond = 0;
        for (int v = 0; v < n; v++) {
            if (owner[v] >= 0) {
                continue;
            }
            int at = jointAt + v * stride;
            for (int c = 0; c < 4; c++) {
                int j = b[at + c] & 0xFF;
                if (j >= m.boneCount) {
                    j = 0;
                    beyond++;
                }
                joints[4 * v + c] = j;
            }
        }
        if (beyond > 0) {
            warnings.add("BLENDINDICES: " + beyond + " slots of vertices no draw uses are past the bone list; read"
                    + " as bone 0");
        }
        return joints;
    }
}
