package io.github.skinmesh.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.laya.LmBlock;
import io.github.skinmesh.laya.LmElement;
import io.github.skinmesh.laya.LmReadResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code .lm} part of {@code skinmesh inspect}: the version, the block table, the vertex
 * declaration, the counts, and per submesh its draws with their bone dictionaries, from a file read
 * as stored (LayaAir's space). The JSON object is a public format documented beside the glTF one.
 */
final class LmInspection {
    private LmInspection() {
    }

    /** @return bytes of one vertex of the declaration */
    static int stride(List<LmElement> declaration) {
        int s = 0;
        for (LmElement e : declaration) {
            s += e.bytes();
        }
        return s;
    }

    /** @return the distinct vertices a draw's triangles use */
    static int drawVertices(Mesh m, Draw d, boolean[] seen) {
        int count = 0;
        List<Integer> marked = new ArrayList<>();
        for (int i = d.firstIndex(), end = i + d.indexCount(); i < end; i++) {
            int v = m.index(i);
            if (!seen[v]) {
                seen[v] = true;
                marked.add(v);
                count++;
            }
        }
        marked.forEach(v -> seen[v] = false);
        return count;
    }

    private static String declaration(List<LmElement> declaration) {
        List<String> names = new ArrayList<>();
        declaration.forEach(e -> names.add(e.declarationName()));
        return String.join(",", names);
    }

    /** Prints the summary for people. */
    static void text(PrintWriter out, Path file, long bytes, LmReadResult r) {
        Mesh m = r.mesh();
        Skin skin = m.skin();
        out.printf(Locale.ROOT, "%s: %d bytes, LayaAir %s%n", file, bytes, r.version());
        out.printf(Locale.ROOT, "blocks: %d%n", r.blocks().size());
        for (LmBlock b : r.blocks()) {
            out.printf(Locale.ROOT, "  %s at %d, %d bytes%n", b.name(), b.offset(), b.length());
        }
        out.printf(Locale.ROOT, "mesh '%s': %d vertices of %d bytes, %d indices (%d triangles, %d-bit), %s%n", m.name(),
                m.vertexCount(), stride(r.declaration()), m.indexCount(), m.triangleCount(), 8 * r.indexBytes(),
                skin == null ? "static" : "skinned, " + skin.paletteSize() + " bones");
        out.printf(Locale.ROOT, "declaration: %s%n", declaration(r.declaration()));
        Bounds stored = r.storedBounds();
        out.printf(Locale.ROOT, "bounds: stored %s, of the positions %s%n", stored == null ? "none" : box(stored),
                box(m.bounds()));
        boolean[] seen = new boolean[m.vertexCount()];
        for (int s = 0; s < m.submeshes().size(); s++) {
            Submesh sub = m.submeshes().get(s);
            out.printf(Locale.ROOT, "submesh %d: indices [%d, %d), %s%n", s, sub.firstIndex(),
                    sub.firstIndex() + sub.indexCount(), sub.draws().isEmpty() ? "one draw of no bones"
                            : sub.draws().size() + " draw" + (sub.draws().size() == 1 ? "" : "s"));
            for (int d = 0; d < sub.draws().size(); d++) {
                Draw draw = sub.draws().get(d);
                StringBuilder dict = new StringBuilder();
                for (int e = 0; e < draw.paletteEntryCount(); e++) {
                    int bone = draw.paletteEntry(e);
                    dict.append(e == 0 ? "" : ", ").append(bone).append(" '").append(skin.boneName(bone)).append('\'');
                }
                out.printf(Locale.ROOT, "  draw %d: indices [%d, %d), %d vertices, %d bones: %s%n", d, draw.firstIndex(),
                        draw.firstIndex() + draw.indexCount(), drawVertices(m, draw, seen), draw.paletteEntryCount(),
                        dict);
            }
        }
        out.printf(Locale.ROOT, "notes: %d%n", r.warnings().size());
        r.warnings().forEach(w -> out.printf(Locale.ROOT, "  %s%n", w));
    }

    private static String box(Bounds b) {
        if (b.isEmpty()) {
            return "empty";
        }
        return String.format(Locale.ROOT, "(%s, %s, %s)..(%s, %s, %s)", b.minX(), b.minY(), b.minZ(), b.maxX(),
                b.maxY(), b.maxZ());
    }

    /** The {@code --json} object. */
    static ObjectNode json(Path file, long bytes, LmReadResult r) {
        Mesh m = r.mesh();
        Skin skin = m.skin();
        ObjectNode root = Json.object();
        root.put("formatVersion", InspectCommand.FORMAT_VERSION);
        root.put("file", file.getFileName().toString());
        root.put("path", file.toString());
        root.put("bytes", bytes);
        root.put("format", "LayaAir .lm");
        root.put("version", r.version());
        ArrayNode blocks = root.putArray("blocks");
        for (LmBlock b : r.blocks()) {
            ObjectNode o = blocks.addObject();
            o.put("name", b.name());
            o.put("offset", b.offset());
            o.put("length", b.length());
        }
        root.put("mesh", m.name());
        ArrayNode decl = root.putArray("declaration");
        r.declaration().forEach(e -> decl.add(e.declarationName()));
        root.put("vertexBytes", stride(r.declaration()));
        root.put("vertices", m.vertexCount());
        root.put("indices", m.indexCount());
        root.put("indexBytes", r.indexBytes());
        root.put("skinned", skin != null);
        ArrayNode bones = root.putArray("bones");
        if (skin != null) {
            for (int i = 0; i < skin.paletteSize(); i++) {
                bones.add(skin.boneName(i));
            }
        }
        if (r.storedBounds() == null) {
            root.putNull("storedBounds");
        } else {
            Json.bounds(root.putObject("storedBounds"), r.storedBounds());
        }
        Json.bounds(root.putObject("bounds"), m.bounds());
        ArrayNode subs = root.putArray("submeshes");
        boolean[] seen = new boolean[m.vertexCount()];
        for (Submesh sub : m.submeshes()) {
            ObjectNode o = subs.addObject();
            o.put("firstIndex", sub.firstIndex());
            o.put("indices", sub.indexCount());
            ArrayNode draws = o.putArray("draws");
            for (Draw d : sub.draws()) {
                ObjectNode dn = draws.addObject();
                dn.put("firstIndex", d.firstIndex());
                dn.put("indices", d.indexCount());
                dn.put("vertices", drawVertices(m, d, seen));
                ArrayNode dict = dn.putArray("dictionary");
                for (int e = 0; e < d.paletteEntryCount(); e++) {
                    dict.add(d.paletteEntry(e));
                }
            }
        }
        ArrayNode notes = root.putArray("importNotes");
        r.warnings().forEach(notes::add);
        return root;
    }
}
