package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Material;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link GltfAsset#imageSources()} and {@link GltfReadOptions.UnreadableImages}: where each glTF
 * image is stored and whether it was read; a missing or unreadable external image file fails the read
 * by default and, with {@code DROP_TEXTURES}, is recorded and its textures dropped.
 */
class ImageSourceTest {
    private static final GltfReadOptions LENIENT = GltfReadOptions.DEFAULTS
            .withUnreadableImages(GltfReadOptions.UnreadableImages.DROP_TEXTURES);

    /**
     * The minimal document with four images: 0 an external file {@code skin.png} (base color of
     * material 0), 1 in a buffer view declared JPEG but holding PNG bytes (normal texture of material
     * 0), 2 a data URI no material uses, 3 an external {@code unused.png} no material uses.
     */
    static TestGltf fourImages() {
        TestGltf g = TestGltf.minimalSkinned();
        g.add("images").put("uri", "skin.png");
        g.add("images").put("bufferView", g.view(SyntheticAssets.png(0x445566), 0)).put("mimeType", "image/jpeg");
        g.add("images").put("uri", "data:image/png;base64," + Base64.getEncoder().encodeToString(
                SyntheticAssets.png(0x778899)));
        g.add("images").put("uri", "unused.png").put("mimeType", "image/png");
        g.add("textures").put("source", 0);
        g.add("textures").put("source", 1);
        g.add("textures").put("source", 2);
        ObjectNode mat = g.add("materials").put("name", "skin");
        mat.putObject("pbrMetallicRoughness").putObject("baseColorTexture").put("index", 0);
        mat.putObject("normalTexture").put("index", 1);
        GltfReaderTest.primitive(g, 0, 0).put("material", 0);
        return g;
    }

    private static ResourceResolver files(Map<String, byte[]> files) {
        return uri -> {
            byte[] b = files.get(uri);
            if (b == null) {
                throw new NoSuchFileException(uri);
            }
            return b;
        };
    }

    @Test
    void everyImageHasASourceInIndexOrder() {
        byte[] skin = SyntheticAssets.png(0x112233);
        GltfAsset a = GltfReader.read(fourImages().gltf(), "t.gltf", files(Map.of("skin.png", skin)));
        List<ImageSource> s = a.imageSources();
        assertThat(s).hasSize(4);
        Material m = a.parts().get(0).mesh().materials().get(0);

        assertThat(s.get(0).index()).isZero();
        assertThat(s.get(0).storage()).isEqualTo(ImageSource.Storage.EXTERNAL);
        assertThat(s.get(0).uri()).isEqualTo("skin.png");
        assertThat(s.get(0).declaredMimeType()).isNull();
        assertThat(s.get(0).detectedMimeType()).isEqualTo("image/png");
        assertThat(s.get(0).status()).isEqualTo(ImageSource.Status.READ);
        assertThat(s.get(0).isRead()).isTrue();
        assertThat(s.get(0).image()).isSameAs(m.texture(Material.BASE_COLOR).image());
        assertThat(s.get(0).image().data()).isEqualTo(skin);
        assertThat(s.get(0).problem()).isNull();

        // declared JPEG, PNG bytes: both kept, the image typed as declared
        assertThat(s.get(1).storage()).isEqualTo(ImageSource.Storage.BUFFER_VIEW);
        assertThat(s.get(1).uri()).isNull();
        assertThat(s.get(1).declaredMimeType()).isEqualTo("image/jpeg");
        assertThat(s.get(1).detectedMimeType()).isEqualTo("image/png");
        assertThat(s.get(1).image()).isSameAs(m.texture(Material.NORMAL).image());
        assertThat(s.get(1).image().mimeType()).isEqualTo("image/jpeg");

        // unused images are not loaded
        assertThat(s.get(2)).isEqualTo(new ImageSource(2, ImageSource.Storage.DATA_URI, null, null, null,
                ImageSource.Status.NOT_USED, null, null));
        assertThat(s.get(3)).isEqualTo(new ImageSource(3, ImageSource.Storage.EXTERNAL, "unused.png", "image/png", null,
                ImageSource.Status.NOT_USED, null, null));
        assertThat(a.warnings()).isEmpty();
    }

    @Test
    void aMissingImageFileFailsTheReadByDefault() {
        assertThatThrownBy(() -> GltfReader.read(fourImages().gltf(), "t.gltf", files(Map.of())))
                .isInstanceOf(FormatException.class)
                .hasMessage("images[0].uri 'skin.png' not found beside t.gltf");
    }

    @Test
    void withDropTexturesAMissingImageIsRecordedAndItsTexturesDropped() {
        GltfAsset a = GltfReader.read(fourImages().gltf(), "t.gltf", files(Map.of()), LENIENT);
        ImageSource missing = a.imageSources().get(0);
        assertThat(missing.status()).isEqualTo(ImageSource.Status.MISSING);
        assertThat(missing.isRead()).isFalse();
        assertThat(missing.image()).isNull();
        assertThat(missing.uri()).isEqualTo("skin.png");
        assertThat(missing.problem()).isEqualTo("images[0].uri 'skin.png' not found beside t.gltf");
        Material m = a.parts().get(0).mesh().materials().get(0);
        assertThat(m.texture(Material.BASE_COLOR)).isNull();
        assertThat(m.texture(Material.NORMAL)).as("the other texture stays").isNotNull();
        assertThat(a.imageSources().get(1).isRead()).isTrue();
        assertThat(a.warnings()).containsExactly(
                "images[0].uri 'skin.png' not found beside t.gltf; the textures using images[0] are dropped");
        assertThat(a.images()).containsExactly(a.imageSources().get(1).image());
    }

    @Test
    void withDropTexturesAnImageThatCannotBeReadIsUnreadable(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("skin.png"));
        Path gltf = Files.write(dir.resolve("t.gltf"), fourImages().gltf());
        assertThatThrownBy(() -> GltfReader.read(gltf)).isInstanceOf(FormatException.class)
                .hasMessageStartingWith(gltf + ": images[0].uri 'skin.png': ");
        GltfAsset a = GltfReader.read(gltf, LENIENT);
        ImageSource folder = a.imageSources().get(0);
        assertThat(folder.status()).isEqualTo(ImageSource.Status.UNREADABLE);
        assertThat(folder.problem()).startsWith("images[0].uri 'skin.png': ");
        assertThat(a.warnings()).singleElement().asString().startsWith("images[0].uri 'skin.png': ")
                .endsWith("; the textures using images[0] are dropped");
    }

    @Test
    void withDropTexturesAnImageOutsideTheFolderIsUnreadable(@TempDir Path dir) throws IOException {
        TestGltf g = fourImages();
        ((ObjectNode) g.array("images").get(0)).put("uri", "../skin.png");
        Files.write(dir.resolve("skin.png"), SyntheticAssets.png(0x112233));
        Path sub = Files.createDirectories(dir.resolve("sub"));
        Path gltf = Files.write(sub.resolve("t.gltf"), g.gltf());
        ImageSource outside = GltfReader.read(gltf, LENIENT).imageSources().get(0);
        assertThat(outside.status()).isEqualTo(ImageSource.Status.UNREADABLE);
        assertThat(outside.problem()).isEqualTo("images[0].uri '../skin.png': uri '../skin.png' leaves the folder of "
                + "the document");
    }

    @Test
    void withDropTexturesDisabledExternalResourcesMakeTheImageUnreadable() {
        GltfAsset a = GltfReader.read(fourImages().gltf(), "t.gltf", files(Map.of("skin.png", new byte[1])),
                LENIENT.withExternalResources(GltfReadOptions.ExternalResources.NONE));
        assertThat(a.imageSources().get(0).status()).isEqualTo(ImageSource.Status.UNREADABLE);
        assertThat(a.imageSources().get(0).problem())
                .isEqualTo("images[0].uri 'skin.png': external resources are disabled by the options");
    }

    /** Data URIs and buffer views are the document itself: a malformed one fails whatever the option. */
    @Test
    void aMalformedEmbeddedImageFailsEvenWithDropTextures() {
        TestGltf g = fourImages();
        ((ObjectNode) g.array("images").get(0)).put("uri", "data:image/png;base64,@@@");
        assertThatThrownBy(() -> GltfReader.read(g.gltf(), "t.gltf", files(Map.of()), LENIENT))
                .isInstanceOf(FormatException.class).hasMessageStartingWith("images[0].uri: data URI payload is not "
                        + "valid base64");
    }

    /** An unused image's fields are not validated: a wrong type reads as undeclared, as it did before. */
    @Test
    void anUnusedMalformedImageIsUndeclared() {
        TestGltf g = TestGltf.minimalSkinned();
        g.add("images").put("uri", 5).put("bufferView", "x");
        g.array("images").add("not an object");
        GltfAsset a = GltfReader.read(g.gltf(), "t.gltf", ResourceResolver.none());
        assertThat(a.imageSources()).extracting(ImageSource::storage)
                .containsExactly(ImageSource.Storage.UNDECLARED, ImageSource.Storage.UNDECLARED);
        assertThat(a.imageSources()).extracting(ImageSource::status)
                .containsOnly(ImageSource.Status.NOT_USED);
    }

    @Test
    void aFileWithoutImagesHasNoSources() {
        assertThat(GltfReader.read(TestGltf.minimalSkinned().glb(), "t.glb", ResourceResolver.none()).imageSources())
                .isEmpty();
    }

    @Test
    void theRecordRejectsFieldsThatDisagree() {
        Image img = Image.of("", "image/png", SyntheticAssets.png(1));
        assertThatThrownBy(() -> new ImageSource(-1, ImageSource.Storage.BUFFER_VIEW, null, null, null,
                ImageSource.Status.NOT_USED, null, null)).isInstanceOf(ValidationException.class)
                .hasMessage("ImageSource -1: index -1, expected >= 0");
        assertThatThrownBy(() -> new ImageSource(0, ImageSource.Storage.BUFFER_VIEW, null, null, null,
                ImageSource.Status.READ, null, null)).isInstanceOf(ValidationException.class)
                .hasMessage("ImageSource 0: status READ without an image, expected an image exactly when READ");
        assertThatThrownBy(() -> new ImageSource(0, ImageSource.Storage.BUFFER_VIEW, null, null, null,
                ImageSource.Status.NOT_USED, img, null)).isInstanceOf(ValidationException.class)
                .hasMessage("ImageSource 0: status NOT_USED with an image, expected an image exactly when READ");
        assertThatThrownBy(() -> new ImageSource(0, ImageSource.Storage.EXTERNAL, "a.png", null, null,
                ImageSource.Status.MISSING, null, null)).isInstanceOf(ValidationException.class)
                .hasMessage("ImageSource 0: status MISSING without a problem, expected a problem exactly when "
                        + "MISSING or UNREADABLE");
        assertThatThrownBy(() -> new ImageSource(0, ImageSource.Storage.BUFFER_VIEW, null, null, null,
                ImageSource.Status.READ, img, "x")).isInstanceOf(ValidationException.class)
                .hasMessage("ImageSource 0: status READ with a problem, expected a problem exactly when MISSING or "
                        + "UNREADABLE");
        assertThatThrownBy(() -> new ImageSource(0, ImageSource.Storage.EXTERNAL, null, null, null,
                ImageSource.Status.NOT_USED, null, null)).isInstanceOf(ValidationException.class)
                .hasMessage("ImageSource 0: storage EXTERNAL without a uri, expected a uri exactly for EXTERNAL");
        assertThatThrownBy(() -> new ImageSource(0, ImageSource.Storage.DATA_URI, "data:,", null, null,
                ImageSource.Status.NOT_USED, null, null)).isInstanceOf(ValidationException.class)
                .hasMessage("ImageSource 0: storage DATA_URI with a uri, expected a uri exactly for EXTERNAL");
    }

    @Test
    void theOptionHasAWither() {
        assertThat(GltfReadOptions.DEFAULTS.unreadableImages()).isEqualTo(GltfReadOptions.UnreadableImages.REJECT);
        assertThat(LENIENT.unreadableImages()).isEqualTo(GltfReadOptions.UnreadableImages.DROP_TEXTURES);
        assertThat(LENIENT.withUnreadableImages(GltfReadOptions.UnreadableImages.REJECT))
                .isEqualTo(GltfReadOptions.DEFAULTS);
    }
}
