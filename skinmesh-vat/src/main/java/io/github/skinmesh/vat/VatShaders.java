package io.github.skinmesh.vat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The shader decode functions that ship with this module, as text to paste into a shader: GLSL
 * (ES 3.00 and 3.30 or later) and HLSL. They read the textures exactly as {@link VatDecoder} does:
 * the texel address of an element in a frame ({@code skinmeshVatTexel}), positions and normals in
 * every encoding, and linear blend skinning from a bone-matrix texture ({@code skinmeshBoneSkin}).
 *
 * <p>The same text is in the jar as the resources {@code io/github/skinmesh/vat/skinmesh_vat.glsl}
 * and {@code skinmesh_vat.hlsl}; these methods reach them from any module (a module's resources
 * are otherwise closed to other modules). Each file declares functions only, no {@code #version}
 * line, no uniforms and no precision statements, so it goes after the including shader's own.
 *
 * <p>Thread-safe; each call reads the resource again and returns a new string.
 */
public final class VatShaders {
    private VatShaders() {
    }

    /**
     * @return the GLSL functions ({@code skinmesh_vat.glsl}), UTF-8 decoded
     * @throws UncheckedIOException when the resource cannot be read (a damaged jar)
     */
    public static String glsl() {
        return read("skinmesh_vat.glsl");
    }

    /**
     * @return the HLSL functions ({@code skinmesh_vat.hlsl}), UTF-8 decoded
     * @throws UncheckedIOException when the resource cannot be read (a damaged jar)
     */
    public static String hlsl() {
        return read("skinmesh_vat.hlsl");
    }

    private static String read(String name) {
        try (InputStream in = VatShaders.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new UncheckedIOException(new IOException("resource " + name + " is missing from the jar of "
                        + VatShaders.class.getModule()));
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource " + name, e);
        }
    }
}
