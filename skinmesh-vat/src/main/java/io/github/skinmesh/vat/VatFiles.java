package io.github.skinmesh.vat;

import io.github.skinmesh.atlas.image.PixelImage;
import io.github.skinmesh.atlas.image.Png;
import io.github.skinmesh.atlas.image.PngOptions;
import io.github.skinmesh.atlas.image.Rgba16Image;
import io.github.skinmesh.atlas.image.Rgba8Image;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.ValidationException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Writes baked textures and their {@code manifest.json} into a folder, and reads them back.
 *
 * <p>Files: each texture as {@code ROLE.EXT} ({@code positions.png}, {@code normals.raw},
 * {@code tangents.png}, {@code bones.exr}), or {@code ROLE-PAGE.EXT} ({@code positions-1.png}) for a
 * bake split into pages, and {@code manifest.json} (see {@link VatManifest}). Raw files hold the
 * texture's bytes as they are: {@code width*height} texels, row-major from row 0, RGBA,
 * little-endian. PNG files are RGBA with 16-bit samples for {@link VatEncoding#UNORM16} and 8-bit
 * for {@link VatEncoding#UNORM8}, row 0 at the top, written by skinmesh's own PNG encoder with
 * {@link PngOptions#DEFAULTS}. EXR files are OpenEXR single-part scanline images, uncompressed,
 * channels R, G, B, A as HALF ({@link VatEncoding#HALF}) or FLOAT ({@link VatEncoding#FLOAT}),
 * row 0 as the first scanline. Identical bakes give identical bytes in every format. Each file is written under a
 * temporary name in the folder and renamed when complete, so an error leaves no half-written file
 * under a final name.
 *
 * <p>Thread-safe (stateless); allocates each file's bytes once.
 */
public final class VatFiles {
    /** The manifest's file name. */
    public static final String MANIFEST = "manifest.json";

    private VatFiles() {
    }

    /**
     * Writes the textures and the manifest into a folder (created when missing).
     *
     * @param dir the folder
     * @param result the bake
     * @param format raw, PNG or EXR
     * @return the written files, textures first, the manifest last
     * @throws ValidationException when PNG is asked for a float or half encoding, EXR for a
     *     normalized one, or the texture is larger than PNG allows ({@value Png#MAX_DIMENSION} per side)
     * @throws IOException when the folder or a file cannot be written
     */
    public static List<Path> write(Path dir, VatResult result, VatFormat format) throws IOException {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(format, "format");
        VatManifest manifest = result.manifest(format);
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (VatTexture t : result.textures()) {
            files.put(manifest.pageTextures(t.page()).get(t.name()), encode(t, format));
        }
        files.put(MANIFEST, manifest.toJson().getBytes(StandardCharsets.UTF_8));
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            written.add(writeAtomically(dir.resolve(f.getKey()), f.getValue()));
        }
        return written;
    }

    /**
     * The bytes of one texture file.
     *
     * @param texture the texture
     * @param format raw, PNG or EXR
     * @return a fresh array holding the file
     * @throws ValidationException when PNG is asked for a float or half encoding, EXR for a
     *     normalized one, or the texture is larger than PNG allows
     */
    public static byte[] encode(VatTexture texture, VatFormat format) {
        if (format == VatFormat.RAW) {
            return texture.bytes();
        }
        if (format == VatFormat.EXR) {
            return Exr.encode(texture);
        }
        VatEncoding e = texture.encoding();
        if (!e.isNormalized()) {
            throw new ValidationException("VatFiles: texture \"" + texture.name() + "\" is " + e.manifestName()
                    + ", PNG holds only unorm16 or unorm8 textures; write EXR or raw instead");
        }
        if (texture.width() > Png.MAX_DIMENSION || texture.height() > Png.MAX_DIMENSION) {
            throw new ValidationException("VatFiles: texture \"" + texture.name() + "\" is " + texture.width() + "x"
                    + texture.height() + ", PNG allows at most " + Png.MAX_DIMENSION + " per side");
        }
        byte[] raw = texture.data();
        if (e == VatEncoding.UNORM8) {
            return Png.encodeRgba8(texture.width(), texture.height(), raw, PngOptions.DEFAULTS);
        }
        short[] samples = new short[raw.length / 2];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = (short) TexelCodec.getShort(raw, 2 * i);
        }
        return Png.encodeRgba16(texture.width(), texture.height(), samples, PngOptions.DEFAULTS);
    }

    /**
     * Reads a folder written by {@link #write}: its manifest and the textures it lists on every
     * page (EXR and PNG known by their signatures, raw otherwise), nothing else.
     *
     * @param dir the folder
     * @return a decoder over the files
     * @throws FormatException naming the file when the manifest is malformed, a texture file has
     *     another size than the manifest says, a PNG has another bit depth than the encoding, or an
     *     EXR file is not the uncompressed scanline layout this class writes
     * @throws IOException when a file cannot be read
     */
    public static VatDecoder read(Path dir) throws IOException {
        Path manifestFile = dir.resolve(MANIFEST);
        VatManifest manifest = VatManifest.parse(manifestFile.toString(),
                Files.readString(manifestFile, StandardCharsets.UTF_8));
        List<VatTexture> textures = new ArrayList<>();
        for (int page = 0; page < manifest.pageCount(); page++) {
            for (Map.Entry<String, String> t : manifest.pageTextures(page).entrySet()) {
                String fileName = t.getValue();
                if (fileName.contains("/") || fileName.contains("\\") || fileName.startsWith(".")) {
                    throw new FormatException(manifestFile + ": texture file \"" + fileName
                            + "\" is not a plain file name in the manifest's folder");
                }
                Path file = dir.resolve(fileName);
                byte[] bytes = Files.readAllBytes(file);
                textures.add(decode(file.toString(), t.getKey(), page, bytes, manifest));
            }
        }
        return VatDecoder.of(manifest, textures);
    }

    private static VatTexture decode(String source, String role, int page, byte[] bytes, VatManifest m) {
        VatEncoding e = m.encoding();
        int w = m.width();
        int h = m.height();
        long size = (long) w * h * e.bytesPerTexel();
        if (size > io.github.skinmesh.core.internal.Checks.MAX_ARRAY_LENGTH) {
            throw new FormatException(source + ": the manifest's " + w + "x" + h + " " + e.manifestName()
                    + " texture needs " + size + " bytes, more than an array holds");
        }
        if (bytes.length >= 4 && TexelCodec.getInt(bytes, 0) == Exr.MAGIC) {
            return new VatTexture(role, page, w, h, e, Exr.decode(source, bytes, w, h, e));
        }
        if (!Png.hasSignature(bytes)) {
            long expected = (long) w * h * e.bytesPerTexel();
            if (bytes.length != expected) {
                throw new FormatException(source + ": " + bytes.length + " bytes, the manifest's " + w + "x" + h + " "
                        + e.manifestName() + " texture needs " + expected);
            }
            return new VatTexture(role, page, w, h, e, bytes);
        }
        PixelImage image = Png.decode(source, bytes);
        if (image.width() != w || image.height() != h) {
            throw new FormatException(source + ": PNG is " + image.width() + "x" + image.height() + ", the manifest says "
                    + w + "x" + h);
        }
        byte[] raw = new byte[(int) ((long) w * h * e.bytesPerTexel())];
        if (e == VatEncoding.UNORM8 && image instanceof Rgba8Image i8) {
            i8.rgbaInto(raw, 0);
        } else if (e == VatEncoding.UNORM16 && image instanceof Rgba16Image i16) {
            short[] s = i16.rgba();
            for (int i = 0; i < s.length; i++) {
                TexelCodec.putShort(raw, 2 * i, s[i]);
            }
        } else {
            throw new FormatException(source + ": a " + (image instanceof Rgba16Image ? "16" : "8")
                    + "-bit PNG cannot hold the manifest's " + e.manifestName() + " texture");
        }
        return new VatTexture(role, page, w, h, e, raw);
    }

    private static Path writeAtomically(Path target, byte[] bytes) throws IOException {
        Path tmp = target.resolveSibling("." + target.getFileName() + ".tmp");
        try {
            Files.write(tmp, bytes);
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException x) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        return target;
    }
}
