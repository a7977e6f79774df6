package io.github.skinmesh.vat;

import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.internal.DecimalText;
import io.github.skinmesh.core.internal.JsonText;
import io.github.skinmesh.core.model.Bounds;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The {@code manifest.json} of a baked texture set: the public format the CLI document fixes.
 *
 * <pre>{@code
 * {"format": "skinmesh-vat", "version": 1, "kind": "vertex"|"bones",
 *  "encoding": "float"|"half"|"unorm16"|"unorm8", "width": W, "height": H,
 *  "rowsPerFrame": R, "vertexCount": V | "boneCount": B,
 *  "textures": {"positions": FILE, "normals": FILE} | {"bones": FILE},
 *  "offsets": bool, "bounds": {"min": [x,y,z], "max": [x,y,z]},
 *  "clips": [{"name", "firstRow", "frames", "fps", "duration", "loop", "bounds": {"min", "max"}}],
 *  "maxError": E, "rmsError": E}
 * }</pre>
 *
 * Element {@code i} (a vertex, or row {@code i % 3} of bone {@code i / 3}) of frame {@code f} of
 * clip {@code c} is the texel at row {@code clips[c].firstRow + f*R + floor(i / W)}, column
 * {@code i mod W}. {@code bounds} are what normalized encodings map to
 * ({@code min + value / (2^bits - 1) * (max - min)}): for a vertex texture the box of the stored
 * positions (or offsets) over every frame; for a bone texture the box of the skinned positions.
 * A bake with tangents lists a third texture, {@code "tangents"}, after the normals. Each clip also
 * carries its {@code maxError} and {@code rmsError}, a vertex texture with normals
 * {@code normalMaxErrorDegrees} and one with tangents {@code tangentMaxErrorDegrees} (the largest
 * angle between a decoded and an exact direction); readers ignore keys they do not know.
 *
 * <p><b>Pages.</b> A bake split into pages ({@link PageMode#SPLIT}) adds the key {@code "pages"}
 * after {@code "textures"}: an array with, per page, an object like {@code "textures"} (role to
 * file; page 0's equals {@code "textures"}), and each clip gets {@code "page"} after its name; its
 * {@code firstRow} counts from the top of its page, and {@code width} and {@code height} are the
 * size of every page. A manifest of one page has neither key, exactly as the format above.
 *
 * <p>Floats are written in their shortest decimal form that reads back to the same float, so a
 * manifest read back gives bit-identical bounds. Immutable and thread-safe.
 */
public final class VatManifest {
    /** The value of the {@code format} key. */
    public static final String FORMAT = "skinmesh-vat";
    /** The version this library writes and reads. */
    public static final int VERSION = 1;

    private final TextureKind kind;
    private final VatEncoding encoding;
    private final int width;
    private final int height;
    private final int rowsPerFrame;
    private final int elementCount;
    private final List<Map<String, String>> pages;
    private final boolean offsets;
    private final Bounds bounds;
    private final List<VatClip> clips;
    private final double maxError;
    private final double rmsError;
    private final double normalMaxErrorDegrees;
    private final double tangentMaxErrorDegrees;

    /**
     * Creates the manifest of a bake of one page without tangents.
     *
     * @param kind vertex or bones
     * @param encoding texel encoding
     * @param width texels per row
     * @param height rows
     * @param rowsPerFrame rows per frame
     * @param elementCount vertices (vertex kind) or palette bones (bones kind)
     * @param textures texture role to file name, in order ({@code positions}, {@code normals}; or {@code bones})
     * @param offsets whether positions are offsets from the bind pose
     * @param bounds the bounds normalized values map to
     * @param clips the clip table
     * @param maxError largest position error in model units over every frame
     * @param rmsError RMS position error
     * @param normalMaxErrorDegrees largest normal error in degrees, or NaN when no normals are baked
     * @throws FormatException when the layout is inconsistent: a size below 1, a texture role that
     *     does not fit the kind, or a clip whose rows leave the texture; or when an error figure is
     *     negative, infinite or (but for the optional normal one) NaN
     */
    public VatManifest(TextureKind kind, VatEncoding encoding, int width, int height, int rowsPerFrame,
            int elementCount, Map<String, String> textures, boolean offsets, Bounds bounds, List<VatClip> clips,
            double maxError, double rmsError, double normalMaxErrorDegrees) {
        this(kind, encoding, width, height, rowsPerFrame, elementCount, List.of(textures), offsets, bounds, clips,
                maxError, rmsError, normalMaxErrorDegrees, Double.NaN);
    }

    /**
     * Creates a manifest.
     *
     * @param kind vertex or bones
     * @param encoding texel encoding
     * @param width texels per row of every page
     * @param height rows of every page
     * @param rowsPerFrame rows per frame
     * @param elementCount vertices (vertex kind) or palette bones (bones kind)
     * @param pages per page, texture role to file name, in order ({@code positions}, {@code normals},
     *     {@code tangents}; or {@code bones}); every page lists the same roles in the same order
     * @param offsets whether positions are offsets from the bind pose
     * @param bounds the bounds normalized values map to
     * @param clips the clip table
     * @param maxError largest position error in model units over every frame
     * @param rmsError RMS position error
     * @param normalMaxErrorDegrees largest normal error in degrees, or NaN when no normals are baked
     * @param tangentMaxErrorDegrees largest tangent direction error in degrees, or NaN when no
     *     tangents are baked
     * @throws FormatException when the layout is inconsistent: a size below 1, no page, a page
     *     whose roles differ from page 0's, a texture role that does not fit the kind, a clip on
     *     a page that does not exist or whose rows leave the page, or an error figure that is
     *     negative, infinite or (but for the optional normal and tangent ones) NaN
     */
    public VatManifest(TextureKind kind, VatEncoding encoding, int width, int height, int rowsPerFrame,
            int elementCount, List<Map<String, String>> pages, boolean offsets, Bounds bounds, List<VatClip> clips,
            double maxError, double rmsError, double normalMaxErrorDegrees, double tangentMaxErrorDegrees) {
        this("manifest", kind, encoding, width, height, rowsPerFrame, elementCount, pages, offsets, bounds, clips,
                maxError, rmsError, normalMaxErrorDegrees, tangentMaxErrorDegrees);
    }

    /** The public constructor's checks, their messages starting with {@code where}: "manifest", or the parsed file. */
    private VatManifest(String where, TextureKind kind, VatEncoding encoding, int width, int height, int rowsPerFrame,
            int elementCount, List<Map<String, String>> pages, boolean offsets, Bounds bounds, List<VatClip> clips,
            double maxError, double rmsError, double normalMaxErrorDegrees, double tangentMaxErrorDegrees) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.encoding = Objects.requireNonNull(encoding, "encoding");
        this.width = width;
        this.height = height;
        this.rowsPerFrame = rowsPerFrame;
        this.elementCount = elementCount;
        List<Map<String, String>> copies = new ArrayList<>();
        for (Map<String, String> page : pages) {
            copies.add(Collections.unmodifiableMap(new LinkedHashMap<>(page)));
        }
        this.pages = List.copyOf(copies);
        this.offsets = offsets;
        this.bounds = Objects.requireNonNull(bounds, "bounds");
        this.clips = List.copyOf(clips);
        this.maxError = maxError;
        this.rmsError = rmsError;
        this.normalMaxErrorDegrees = normalMaxErrorDegrees;
        this.tangentMaxErrorDegrees = tangentMaxErrorDegrees;
        if (width < 1 || height < 1 || rowsPerFrame < 1 || elementCount < 1) {
            throw new FormatException(where + ": width " + width + ", height " + height + ", rowsPerFrame "
                    + rowsPerFrame + ", " + countKey() + " " + elementCount + ", expected each >= 1");
        }
        long needed = (long) elementCount * (kind == TextureKind.BONES ? 3 : 1);
        if ((long) rowsPerFrame * width < needed) {
            throw new FormatException(where + ": rowsPerFrame " + rowsPerFrame + " x width " + width + " = "
                    + (long) rowsPerFrame * width + " texels per frame, fewer than the " + needed + " needed");
        }
        if (this.pages.isEmpty()) {
            throw new FormatException(where + ": no page, expected at least one");
        }
        String main = kind == TextureKind.BONES ? "bones" : "positions";
        if (!textures().containsKey(main)) {
            throw new FormatException(where + ": textures " + textures().keySet() + " lack \"" + main
                    + "\", required for kind " + kind.manifestName());
        }
        List<String> roles = List.copyOf(textures().keySet());
        for (int p = 1; p < this.pages.size(); p++) {
            if (!List.copyOf(this.pages.get(p).keySet()).equals(roles)) {
                throw new FormatException(where + ": page " + p + " has the textures " + this.pages.get(p).keySet()
                        + ", expected those of page 0, " + roles);
            }
        }
        for (VatClip c : this.clips) {
            long end = c.firstRow() + (long) c.frames() * rowsPerFrame;
            if (c.page() >= this.pages.size()) {
                throw new FormatException(where + ": clip \"" + c.name() + "\": page " + c.page() + ", expected 0.."
                        + (this.pages.size() - 1));
            }
            if (c.firstRow() < 0 || c.frames() < 1 || end > height) {
                throw new FormatException(where + ": clip \"" + c.name() + "\": rows " + c.firstRow() + ".." + end
                        + " (" + c.frames() + " frames), expected within 0.." + height + " and at least one frame");
            }
        }
        // a manifest holds numbers a reader can trust: never a NaN or an infinity written as a result
        for (VatClip c : this.clips) {
            requireError(where + ": clip \"" + c.name() + "\"", "maxError", c.maxError(), false);
            requireError(where + ": clip \"" + c.name() + "\"", "rmsError", c.rmsError(), false);
        }
        requireError(where, "maxError", maxError, false);
        requireError(where, "rmsError", rmsError, false);
        requireError(where, "normalMaxErrorDegrees", normalMaxErrorDegrees, true);
        requireError(where, "tangentMaxErrorDegrees", tangentMaxErrorDegrees, true);
    }

    /** Requires an error figure finite and {@code >= 0} (or NaN, "not baked", when {@code optional}). */
    private static void requireError(String where, String key, double value, boolean optional) {
        if (optional && Double.isNaN(value)) {
            return;
        }
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new FormatException(where + ": " + key + " " + value + ", expected a finite number >= 0"
                    + (optional ? " (or none)" : ""));
        }
    }

    /** @return vertex or bones */
    public TextureKind kind() {
        return kind;
    }

    /** @return the texel encoding */
    public VatEncoding encoding() {
        return encoding;
    }

    /** @return texels per row */
    public int width() {
        return width;
    }

    /** @return rows of the texture, of every page when there are several */
    public int height() {
        return height;
    }

    /** @return rows per frame */
    public int rowsPerFrame() {
        return rowsPerFrame;
    }

    /** @return vertices (vertex kind) or palette bones (bones kind) */
    public int elementCount() {
        return elementCount;
    }

    /** @return texture role to file name of page 0 (the only page unless split), read-only, in manifest order */
    public Map<String, String> textures() {
        return pages.get(0);
    }

    /** @return the number of pages, 1 unless the bake was split into pages */
    public int pageCount() {
        return pages.size();
    }

    /**
     * @param page a page, {@code 0..pageCount()-1}
     * @return texture role to file name of that page, read-only, in manifest order
     * @throws IndexOutOfBoundsException when there is no such page
     */
    public Map<String, String> pageTextures(int page) {
        return pages.get(page);
    }

    /** @return whether positions are offsets from the bind pose */
    public boolean offsets() {
        return offsets;
    }

    /** @return the bounds normalized values map to */
    public Bounds bounds() {
        return bounds;
    }

    /** @return the clip table, read-only */
    public List<VatClip> clips() {
        return clips;
    }

    /**
     * @param name a clip name
     * @return the index of that clip in the table
     * @throws io.github.skinmesh.core.ValidationException when no clip has that name, listing the names
     */
    public int clipIndex(String name) {
        for (int i = 0; i < clips.size(); i++) {
            if (clips.get(i).name().equals(name)) {
                return i;
            }
        }
        List<String> names = new ArrayList<>();
        clips.forEach(c -> names.add(c.name()));
        throw new io.github.skinmesh.core.ValidationException("manifest: clip \"" + name
                + "\" is not in the clip table " + names);
    }

    /** @return largest position error in model units over every frame */
    public double maxError() {
        return maxError;
    }

    /** @return RMS position error in model units */
    public double rmsError() {
        return rmsError;
    }

    /** @return largest normal error in degrees, NaN when no normals are baked */
    public double normalMaxErrorDegrees() {
        return normalMaxErrorDegrees;
    }

    /** @return largest tangent direction error in degrees, NaN when no tangents are baked */
    public double tangentMaxErrorDegrees() {
        return tangentMaxErrorDegrees;
    }

    private String countKey() {
        return kind == TextureKind.BONES ? "boneCount" : "vertexCount";
    }

    /**
     * Writes the manifest as JSON: two-space indented, keys in the order of the format above, a
     * final newline. Identical manifests give identical text.
     *
     * @return the JSON text
     */
    public String toJson() {
        StringBuilder sb = new StringBuilder(512);
        sb.append("{\n");
        sb.append("  \"format\": \"").append(FORMAT).append("\",\n");
        sb.append("  \"version\": ").append(VERSION).append(",\n");
        sb.append("  \"kind\": \"").append(kind.manifestName()).append("\",\n");
        sb.append("  \"encoding\": \"").append(encoding.manifestName()).append("\",\n");
        sb.append("  \"width\": ").append(width).append(",\n");
        sb.append("  \"height\": ").append(height).append(",\n");
        sb.append("  \"rowsPerFrame\": ").append(rowsPerFrame).append(",\n");
        sb.append("  \"").append(countKey()).append("\": ").append(elementCount).append(",\n");
        sb.append("  \"textures\": ");
        files(sb, textures());
        sb.append(",\n");
        if (pages.size() > 1) {
            sb.append("  \"pages\": [");
            for (int p = 0; p < pages.size(); p++) {
                sb.append(p == 0 ? "\n    " : ",\n    ");
                files(sb, pages.get(p));
            }
            sb.append("\n  ],\n");
        }
        sb.append("  \"offsets\": ").append(offsets).append(",\n");
        sb.append("  \"bounds\": ");
        bounds(sb, bounds);
        sb.append(",\n  \"clips\": [");
        for (int i = 0; i < clips.size(); i++) {
            VatClip c = clips.get(i);
            sb.append(i == 0 ? "\n" : ",\n").append("    {\"name\": ");
            JsonText.quote(sb, c.name());
            if (pages.size() > 1) {
                sb.append(", \"page\": ").append(c.page());
            }
            sb.append(", \"firstRow\": ").append(c.firstRow()).append(", \"frames\": ").append(c.frames())
                    .append(", \"fps\": ").append(DecimalText.of(c.fps()))
                    .append(", \"duration\": ").append(DecimalText.of(c.duration()))
                    .append(", \"loop\": ").append(c.loop()).append(", \"bounds\": ");
            bounds(sb, c.bounds());
            sb.append(", \"maxError\": ").append(DecimalText.of(c.maxError()))
                    .append(", \"rmsError\": ").append(DecimalText.of(c.rmsError()))
                    .append('}');
        }
        sb.append(clips.isEmpty() ? "],\n" : "\n  ],\n");
        sb.append("  \"maxError\": ").append(DecimalText.of(maxError)).append(",\n");
        sb.append("  \"rmsError\": ").append(DecimalText.of(rmsError));
        if (!Double.isNaN(normalMaxErrorDegrees)) {
            sb.append(",\n  \"normalMaxErrorDegrees\": ").append(DecimalText.of(normalMaxErrorDegrees));
        }
        if (!Double.isNaN(tangentMaxErrorDegrees)) {
            sb.append(",\n  \"tangentMaxErrorDegrees\": ").append(DecimalText.of(tangentMaxErrorDegrees));
        }
        sb.append("\n}\n");
        return sb.toString();
    }

    private static void files(StringBuilder sb, Map<String, String> files) {
        sb.append('{');
        boolean first = true;
        for (Map.Entry<String, String> e : files.entrySet()) {
            sb.append(first ? "" : ", ");
            JsonText.quote(sb, e.getKey());
            sb.append(": ");
            JsonText.quote(sb, e.getValue());
            first = false;
        }
        sb.append('}');
    }

    private static void bounds(StringBuilder sb, Bounds b) {
        sb.append("{\"min\": [").append(DecimalText.of(b.minX())).append(", ").append(DecimalText.of(b.minY()))
                .append(", ").append(DecimalText.of(b.minZ())).append("], \"max\": [").append(DecimalText.of(b.maxX()))
                .append(", ").append(DecimalText.of(b.maxY())).append(", ").append(DecimalText.of(b.maxZ()))
                .append("]}");
    }

    /**
     * Reads a manifest.
     *
     * @param source names the manifest in messages (a file name)
     * @param json the JSON text
     * @return the manifest
     * @throws FormatException naming the source and the key's path ({@code clips[1].fps}), the value
     *     found and the expected type or range: when the text is not JSON, the format or version is
     *     not this one, a required key is missing or has the wrong type or range (a clip's rate not a
     *     finite float above 0, its duration not a finite float {@code >= 0}), or the layout is
     *     inconsistent (see the constructor)
     */
    public static VatManifest parse(String source, String json) {
        Object root = Json.parse(source, json);
        Reader r = new Reader(source);
        Map<String, Object> m = r.object(root, "manifest");
        String format = r.string(m, "", "format");
        if (!FORMAT.equals(format)) {
            throw new FormatException(source + ": format \"" + format + "\", expected \"" + FORMAT + "\"");
        }
        int version = r.integer(m, "", "version", 0, Integer.MAX_VALUE);
        if (version != VERSION) {
            throw new FormatException(source + ": version " + version + ", expected " + VERSION);
        }
        String kindName = r.string(m, "", "kind");
        TextureKind kind = switch (kindName) {
            case "vertex" -> TextureKind.VERTEX;
            case "bones" -> TextureKind.BONES;
            default -> throw new FormatException(source + ": kind \"" + kindName + "\", expected vertex or bones");
        };
        VatEncoding encoding;
        try {
            encoding = VatEncoding.ofManifestName(r.string(m, "", "encoding"));
        } catch (io.github.skinmesh.core.ValidationException x) {
            throw new FormatException(source + ": " + x.getMessage());
        }
        int width = r.integer(m, "", "width", 1, Vat.MAX_TEXTURE_SIZE);
        int height = r.integer(m, "", "height", 1, Vat.MAX_TEXTURE_SIZE);
        int rows = r.integer(m, "", "rowsPerFrame", 1, Vat.MAX_TEXTURE_SIZE);
        int count = r.integer(m, "", kind == TextureKind.BONES ? "boneCount" : "vertexCount", 1, Integer.MAX_VALUE);
        Map<String, String> textures = r.files(m.get("textures"), "textures");
        List<Map<String, String>> pages = new ArrayList<>();
        pages.add(textures);
        if (m.containsKey("pages")) {
            Object pageList = m.get("pages");
            if (!(pageList instanceof List<?> list) || list.isEmpty()) {
                throw new FormatException(source + ": pages is " + Reader.describe(pageList)
                        + ", expected an array of at least one page");
            }
            Map<String, String> first = r.files(list.get(0), "pages[0]");
            if (!List.copyOf(first.entrySet()).equals(List.copyOf(textures.entrySet()))) {
                throw new FormatException(source + ": pages[0] is " + first + ", expected the textures " + textures);
            }
            for (int p = 1; p < list.size(); p++) {
                pages.add(r.files(list.get(p), "pages[" + p + "]"));
            }
        }
        boolean offsets = r.bool(m, "", "offsets");
        Bounds bounds = r.bounds(m.get("bounds"), "bounds");
        List<VatClip> clips = new ArrayList<>();
        Object clipList = m.get("clips");
        if (!(clipList instanceof List<?> list)) {
            throw new FormatException(source + ": clips is " + Reader.describe(clipList) + ", expected an array");
        }
        for (int i = 0; i < list.size(); i++) {
            String where = "clips[" + i + "]";
            String at = where + ".";
            Map<String, Object> c = r.object(list.get(i), where);
            int page = c.containsKey("page") ? r.integer(c, at, "page", 0, pages.size() - 1) : 0;
            String name = r.string(c, at, "name");
            int firstRow = r.integer(c, at, "firstRow", 0, Vat.MAX_TEXTURE_SIZE);
            int frames = r.integer(c, at, "frames", 1, Vat.MAX_FRAMES);
            float fps = r.floatNumber(c, at, "fps", false);
            float duration = r.floatNumber(c, at, "duration", true);
            boolean loop = r.bool(c, at, "loop");
            Bounds clipBounds = r.bounds(c.get("bounds"), where + ".bounds");
            clips.add(new VatClip(name, page, firstRow, frames, fps, duration, loop, clipBounds,
                    r.optionalNumber(c, at, "maxError"), r.optionalNumber(c, at, "rmsError")));
        }
        double maxError = r.number(m, "", "maxError");
        double rmsError = r.number(m, "", "rmsError");
        double normalMaxError = r.optionalNumber(m, "", "normalMaxErrorDegrees");
        double tangentMaxError = r.optionalNumber(m, "", "tangentMaxErrorDegrees");
        return new VatManifest(source, kind, encoding, width, height, rows, count, pages, offsets, bounds, clips,
                maxError, rmsError, normalMaxError, tangentMaxError);
    }

    /** Typed access to parsed JSON with messages naming the key's path, the value found and what is expected. */
    private record Reader(String source) {
        /** Longest text of a value quoted in a message. */
        static final int MAX_QUOTED = 40;

        /** The value as JSON text (cut after {@value #MAX_QUOTED} characters), or {@code missing}. */
        static String describe(Object v) {
            if (v == null) {
                return "missing";
            }
            StringBuilder sb = new StringBuilder();
            render(sb, v);
            return sb.length() > MAX_QUOTED ? sb.substring(0, MAX_QUOTED) + "..." : sb.toString();
        }

        private static void render(StringBuilder sb, Object v) {
            if (sb.length() > MAX_QUOTED) {
                return;
            }
            if (v == Json.NULL) {
                sb.append("null");
            } else if (v instanceof String s) {
                JsonText.quote(sb, s);
            } else if (v instanceof List<?> list) {
                sb.append('[');
                for (int i = 0; i < list.size(); i++) {
                    sb.append(i == 0 ? "" : ", ");
                    render(sb, list.get(i));
                }
                sb.append(']');
            } else if (v instanceof Map<?, ?> map) {
                sb.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    sb.append(first ? "" : ", ");
                    JsonText.quote(sb, (String) e.getKey());
                    sb.append(": ");
                    render(sb, e.getValue());
                    first = false;
                }
                sb.append('}');
            } else {
                sb.append(v); // a number's own text, true or false
            }
        }

        private FormatException wrong(String name, Object v, String expected) {
            return new FormatException(source + ": " + name + " is " + describe(v) + ", expected " + expected);
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> object(Object v, String key) {
            if (!(v instanceof Map<?, ?>)) {
                throw wrong(key, v, "an object");
            }
            return (Map<String, Object>) v;
        }

        Map<String, String> files(Object v, String key) {
            Map<String, Object> tex = object(v, key);
            Map<String, String> files = new LinkedHashMap<>();
            for (Map.Entry<String, Object> e : tex.entrySet()) {
                files.put(e.getKey(), string(tex, key + ".", e.getKey()));
            }
            return files;
        }

        String string(Map<String, Object> m, String at, String key) {
            Object v = m.get(key);
            if (!(v instanceof String s)) {
                throw wrong(at + key, v, "a string");
            }
            return s;
        }

        boolean bool(Map<String, Object> m, String at, String key) {
            Object v = m.get(key);
            if (!(v instanceof Boolean b)) {
                throw wrong(at + key, v, "true or false");
            }
            return b;
        }

        double number(Map<String, Object> m, String at, String key) {
            Object v = m.get(key);
            if (!(v instanceof Json.Num n) || !Double.isFinite(n.doubleValue())) {
                throw wrong(at + key, v, "a finite number");
            }
            return n.doubleValue();
        }

        /**
         * A float read from its decimal text in one rounding: finite, {@code > 0} or (with
         * {@code zeroAllowed}) {@code >= 0}, as a clip's rate and duration are.
         */
        float floatNumber(Map<String, Object> m, String at, String key, boolean zeroAllowed) {
            Object v = m.get(key);
            float f = v instanceof Json.Num n ? n.floatValue() : Float.NaN;
            if (!Float.isFinite(f) || f < 0 || (f == 0 && !zeroAllowed)) {
                throw wrong(at + key, v, "a finite float " + (zeroAllowed ? ">= 0" : "> 0") + " (at most "
                        + Float.MAX_VALUE + ")");
            }
            return f;
        }

        double optionalNumber(Map<String, Object> m, String at, String key) {
            return m.containsKey(key) ? number(m, at, key) : Double.NaN;
        }

        int integer(Map<String, Object> m, String at, String key, int lo, int hi) {
            Object v = m.get(key);
            if (!(v instanceof Json.Num n)) {
                throw wrong(at + key, v, "an integer " + lo + ".." + hi);
            }
            double d = n.doubleValue();
            if (d != Math.rint(d) || d < lo || d > hi) {
                throw wrong(at + key, v, "an integer " + lo + ".." + hi);
            }
            return (int) d;
        }

        Bounds bounds(Object v, String key) {
            Map<String, Object> b = object(v, key);
            float[] min = vec3(b.get("min"), key + ".min");
            float[] max = vec3(b.get("max"), key + ".max");
            return new Bounds(min[0], min[1], min[2], max[0], max[1], max[2]);
        }

        float[] vec3(Object v, String key) {
            if (!(v instanceof List<?> l) || l.size() != 3) {
                throw wrong(key, v, "an array of 3 finite floats");
            }
            float[] out = new float[3];
            for (int i = 0; i < 3; i++) {
                if (!(l.get(i) instanceof Json.Num n) || !Float.isFinite(n.floatValue())) {
                    throw wrong(key + "[" + i + "]", l.get(i), "a finite float (at most " + Float.MAX_VALUE + ")");
                }
                out[i] = n.floatValue();
            }
            return out;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VatManifest v && v.toJson().equals(toJson());
    }

    @Override
    public int hashCode() {
        return toJson().hashCode();
    }

    @Override
    public String toString() {
        return "VatManifest[" + kind.manifestName() + ", " + encoding.manifestName() + ", " + width + "x" + height
                + (pages.size() > 1 ? " x " + pages.size() + " pages" : "") + ", " + clips.size() + " clips]";
    }
}
