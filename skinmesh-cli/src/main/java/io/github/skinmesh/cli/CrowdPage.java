package io.github.skinmesh.cli;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.github.skinmesh.vat.VatManifest;
import io.github.skinmesh.vat.VatShaders;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The crowd's web page: one self-contained HTML file that draws every instance in one instanced
 * WebGL 2 draw, skinned in the vertex shader from the bone-matrix texture.
 *
 * <p>The page is the template {@code crowd.html} (a resource beside this class) with its slots
 * filled: the title; the crowd's description as JSON (the bake's manifest, the instance count, the
 * mesh's layout, the clear color); the GLSL functions of skinmesh-vat ({@link VatShaders#glsl()}),
 * as they ship; and the data, each array base64-encoded in a {@code script} element of its own
 * ({@code data-bones}: the texture's raw texels; {@code data-instances}: 16 float32 per instance;
 * {@code data-positions}, {@code data-normals}, {@code data-colors}, {@code data-joints},
 * {@code data-weights}, {@code data-indices}: the mesh's streams, see {@link CrowdMesh}). The page
 * loads nothing else: no network, no library.
 *
 * <p>The same input gives the same bytes. Stateless.
 */
final class CrowdPage {
    /** The page's background and clear color, sRGB: a dark slate blue. */
    static final int CLEAR_RGB = 0x1b1f27;
    /** The box the page's heads-up display covers, in CSS pixels from the top-left corner: right edge. */
    static final int HUD_RIGHT = 388;
    /** The bottom edge of that box. */
    static final int HUD_BOTTOM = 64;

    private static final String TEMPLATE = "crowd.html";

    private CrowdPage() {
    }

    /**
     * Builds the page.
     *
     * @param title the page title (the character's name), any text
     * @param manifest the bake's manifest
     * @param texels the bone texture's raw bytes (the manifest's size and encoding)
     * @param mesh the mesh
     * @param instances the instances
     * @param normalScale the length the vertex shader offsets a position by along its normal to skin
     *     the normal (see the template), in model units, {@code > 0}
     * @return the page, UTF-8
     */
    static byte[] html(String title, VatManifest manifest, byte[] texels, CrowdMesh mesh, CrowdInstances instances,
            float normalScale) {
        String glsl = VatShaders.glsl();
        if (glsl.toLowerCase(Locale.ROOT).contains("</script") || glsl.contains("<!--")) {
            throw new IllegalStateException("the GLSL functions cannot sit in a script element as they are");
        }
        Map<String, byte @Nullable []> data = new LinkedHashMap<>();
        data.put("bones", texels);
        data.put("instances", instances.attributeBytes());
        data.put("positions", mesh.positionStream());
        data.put("normals", mesh.normalStream());
        data.put("colors", mesh.colorStream());
        data.put("joints", mesh.jointStream());
        data.put("weights", mesh.weightStream());
        data.put("indices", mesh.indexStream());
        StringBuilder blocks = new StringBuilder();
        for (Map.Entry<String, byte @Nullable []> e : data.entrySet()) {
            byte[] bytes = e.getValue();
            if (bytes != null) {
                blocks.append("<script type=\"application/octet-stream\" id=\"data-").append(e.getKey()).append("\">")
                        .append(Base64.getEncoder().encodeToString(bytes)).append("</script>\n");
            }
        }
        Map<String, String> slots = new LinkedHashMap<>();
        slots.put("@@TITLE@@", escapeHtml(title));
        slots.put("@@CLEAR@@", String.format(Locale.ROOT, "#%06x", CLEAR_RGB));
        slots.put("@@META@@", meta(title, manifest, mesh, instances, normalScale));
        slots.put("@@GLSL@@", glsl);
        slots.put("@@DATA@@", blocks.toString().stripTrailing());
        String text = fill(template(), slots);
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The crowd's description, JSON whose {@code <} are escaped so that it cannot end its script element. */
    static String meta(String name, VatManifest manifest, CrowdMesh mesh, CrowdInstances instances,
            float normalScale) {
        StringBuilder sb = new StringBuilder();
        sb.append("{\"name\": \"");
        JsonStringEncoder.getInstance().quoteAsString(name, sb);
        sb.append("\", \"instances\": ").append(instances.count());
        sb.append(", \"seed\": \"").append(instances.seed()).append('"');
        sb.append(", \"clear\": [").append(CLEAR_RGB >>> 16).append(", ").append(CLEAR_RGB >>> 8 & 0xff).append(", ")
                .append(CLEAR_RGB & 0xff).append(']');
        sb.append(", \"mesh\": {\"vertices\": ").append(mesh.vertexCount()).append(", \"indices\": ")
                .append(mesh.indexCount()).append(", \"influences\": ").append(mesh.influences())
                .append(", \"normals\": ").append(mesh.hasNormals()).append(", \"jointBytes\": ")
                .append(mesh.jointBytes()).append(", \"indexBytes\": ").append(mesh.indexBytes())
                .append(", \"normalScale\": ").append(CrowdInstances.number(normalScale)).append('}');
        sb.append(", \"manifest\": ").append(manifest.toJson().strip()).append("}");
        return sb.toString().replace("<", "\\u003c");
    }

    /** Replaces each slot, which must occur once in the template, by its value (values are not searched). */
    private static String fill(String template, Map<String, String> slots) {
        TreeMap<Integer, String> at = new TreeMap<>();
        for (String slot : slots.keySet()) {
            int i = template.indexOf(slot);
            if (i < 0 || template.indexOf(slot, i + 1) >= 0) {
                throw new IllegalStateException(TEMPLATE + ": slot " + slot + " must occur once");
            }
            at.put(i, slot);
        }
        StringBuilder sb = new StringBuilder(template.length() + slots.values().stream().mapToInt(String::length).sum());
        int from = 0;
        for (Map.Entry<Integer, String> e : at.entrySet()) {
            sb.append(template, from, e.getKey()).append(slots.get(e.getValue()));
            from = e.getKey() + e.getValue().length();
        }
        return sb.append(template, from, template.length()).toString();
    }

    static String escapeHtml(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    private static String template() {
        try (InputStream in = CrowdPage.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException("resource " + TEMPLATE + " is missing from the skinmesh-cli jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
