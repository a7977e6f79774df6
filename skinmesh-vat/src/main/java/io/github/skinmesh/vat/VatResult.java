package io.github.skinmesh.vat;

import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Part;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a bake produced: the textures, the clip table, the error report, and the parts to draw
 * with them.
 *
 * <p>For a vertex bake the parts are the baked parts' meshes in model space (the part transform
 * applied, no attach bone) with the extra attribute {@value Vat#TEXEL_ATTRIBUTE} (2 components:
 * the vertex's texel column and its row within a frame); vertex {@code v} of part {@code p} is
 * element {@code v + (vertices of the parts before p)}. For a bone bake they are the parts with
 * their skins (weights quantized when asked), drawn with the bone texture in place of a palette.
 *
 * <p>Immutable and thread-safe.
 */
public final class VatResult {
    private final VatManifest layout;
    private final List<VatTexture> textures;
    private final List<Part> parts;
    private final List<String> warnings;

    VatResult(VatManifest layout, List<VatTexture> textures, List<Part> parts, List<String> warnings) {
        this.layout = layout;
        this.textures = List.copyOf(textures);
        this.parts = List.copyOf(parts);
        this.warnings = List.copyOf(warnings);
    }

    /** @return vertex or bones */
    public TextureKind kind() {
        return layout.kind();
    }

    /** @return the texel encoding */
    public VatEncoding encoding() {
        return layout.encoding();
    }

    /** @return texels per row */
    public int width() {
        return layout.width();
    }

    /** @return rows of the texture, of every page when the bake was split */
    public int height() {
        return layout.height();
    }

    /** @return rows per frame */
    public int rowsPerFrame() {
        return layout.rowsPerFrame();
    }

    /** @return vertices (vertex bake) or palette bones (bone bake) */
    public int elementCount() {
        return layout.elementCount();
    }

    /** @return whether positions are offsets from the bind pose */
    public boolean offsets() {
        return layout.offsets();
    }

    /** @return the bounds the normalized encodings map to (see {@link VatManifest#bounds()}) */
    public Bounds bounds() {
        return layout.bounds();
    }

    /** @return the number of texture pages, 1 unless the bake was split (see {@link PageMode}) */
    public int pageCount() {
        return layout.pageCount();
    }

    /** @return the clip table with per-clip bounds and errors, read-only */
    public List<VatClip> clips() {
        return layout.clips();
    }

    /** @return largest distance in model units between a decoded position and exact skinning, over every frame */
    public double maxError() {
        return layout.maxError();
    }

    /** @return RMS of those distances */
    public double rmsError() {
        return layout.rmsError();
    }

    /** @return largest angle in degrees between a decoded and an exact normal, NaN when no normals were baked */
    public double normalMaxErrorDegrees() {
        return layout.normalMaxErrorDegrees();
    }

    /**
     * @return largest angle in degrees between a decoded and an exact tangent direction, NaN when no
     *     tangents were baked (the handedness decodes exactly)
     */
    public double tangentMaxErrorDegrees() {
        return layout.tangentMaxErrorDegrees();
    }

    /**
     * @return the textures, page by page, each page's {@code positions}, {@code normals},
     *     {@code tangents} (those baked), or {@code bones}; read-only
     */
    public List<VatTexture> textures() {
        return textures;
    }

    /**
     * @param role {@code positions}, {@code normals}, {@code tangents} or {@code bones}
     * @return that texture of page 0 (the only page unless the bake was split)
     * @throws io.github.skinmesh.core.ValidationException when the bake has no such texture
     */
    public VatTexture texture(String role) {
        return texture(role, 0);
    }

    /**
     * @param role {@code positions}, {@code normals}, {@code tangents} or {@code bones}
     * @param page a page, {@code 0..pageCount()-1}
     * @return that texture of that page
     * @throws io.github.skinmesh.core.ValidationException when the bake has no such texture or page
     */
    public VatTexture texture(String role, int page) {
        for (VatTexture t : textures) {
            if (t.name().equals(role) && t.page() == page) {
                return t;
            }
        }
        throw new io.github.skinmesh.core.ValidationException("VatResult: no texture \"" + role + "\" of page " + page
                + ", the bake has " + layout.textures().keySet() + " on " + layout.pageCount() + " page"
                + (layout.pageCount() == 1 ? "" : "s"));
    }

    /** @return the parts to draw with the textures (see the class documentation), read-only */
    public List<Part> parts() {
        return parts;
    }

    /** @return what the bake tolerated (off-grid keys, morph targets a bone texture cannot show), read-only */
    public List<String> warnings() {
        return warnings;
    }

    /** @return the total size of the textures' raw bytes */
    public long byteLength() {
        long n = 0;
        for (VatTexture t : textures) {
            n += t.byteLength();
        }
        return n;
    }

    /**
     * The manifest for the textures written in a format: each texture's file is its role with the
     * format's extension ({@code positions.png}); with several pages, its role, a hyphen and its
     * page ({@code positions-0.png}, {@code positions-1.png}).
     *
     * @param format the texture file format
     * @return the manifest
     */
    public VatManifest manifest(VatFormat format) {
        List<Map<String, String>> pages = new ArrayList<>();
        for (int p = 0; p < layout.pageCount(); p++) {
            Map<String, String> files = new LinkedHashMap<>();
            for (String role : layout.textures().keySet()) {
                files.put(role, role + (layout.pageCount() == 1 ? "" : "-" + p) + "." + format.extension());
            }
            pages.add(files);
        }
        return new VatManifest(layout.kind(), layout.encoding(), layout.width(), layout.height(),
                layout.rowsPerFrame(), layout.elementCount(), pages, layout.offsets(), layout.bounds(), layout.clips(),
                layout.maxError(), layout.rmsError(), layout.normalMaxErrorDegrees(), layout.tangentMaxErrorDegrees());
    }

    /** @return a decoder over the in-memory textures, equal to one over the written files */
    public VatDecoder decoder() {
        return VatDecoder.of(layout, textures);
    }

    @Override
    public String toString() {
        return "VatResult[" + layout + ", maxError " + maxError() + "]";
    }
}
