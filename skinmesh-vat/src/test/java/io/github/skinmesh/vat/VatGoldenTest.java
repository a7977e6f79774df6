package io.github.skinmesh.vat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.Progress;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.testkit.humanoid.Humanoid;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Pins the bakes' output bit for bit: {@code vat-golden/digests.txt} holds the SHA-256 of every
 * texture's raw bytes and of the manifest text of a set of bakes (every encoding, absolute and
 * offset positions, normals, several clips, rows wrapping, power-of-two sizes, the clips' key
 * rate, bone textures, and a shared asset when present). A change to the bakers that is meant to
 * leave their output alone (a faster kernel, a reorganised loop) must reproduce them. Line format:
 * {@code case role sha256}, role {@code manifest} or a texture's role.
 *
 * <p>To re-record after a deliberate change of the output, run this class with
 * {@code -Dskinmesh.vatGolden.record=FILE}: the current digests are written to {@code FILE} in the
 * same format; compare them and copy them over the resource.
 */
class VatGoldenTest {
    static final String RESOURCE = "/vat-golden/digests.txt";
    static final String RECORD = "skinmesh.vatGolden.record";
    /** Cases that need the shared assets. */
    static final String SHARED_PREFIX = "CesiumMan";

    /** The bakes, by case name, in file order. */
    static Map<String, Supplier<VatResult>> cases() {
        Map<String, Supplier<VatResult>> out = new LinkedHashMap<>();
        for (VatEncoding e : VatEncoding.values()) {
            for (PositionMode m : PositionMode.values()) {
                out.put("humanoid-walk-idle-normals-" + e.manifestName() + "-" + m.name().toLowerCase(), () -> {
                    Humanoid h = VatModels.humanoid();
                    return Vat.bakeVertexTextures(h.character(), List.of(h.walk(), h.idle()), VatOptions.DEFAULTS
                            .withEncoding(e).withPositionMode(m).withStreams(VatStreams.POSITIONS_NORMALS)
                            .withMaxWidth(3000), Progress.NONE);
                });
            }
            out.put("humanoid-walk-" + e.manifestName(), () -> {
                Humanoid h = VatModels.humanoid();
                return Vat.bakeVertexTextures(h.character(), List.of(h.walk()), VatOptions.DEFAULTS.withEncoding(e),
                        Progress.NONE);
            });
        }
        out.put("humanoid-idle-pot-keys-unorm8", () -> {
            Humanoid h = VatModels.humanoid();
            return Vat.bakeVertexTextures(h.character(), List.of(h.idle()), VatOptions.DEFAULTS
                    .withEncoding(VatEncoding.UNORM8).withTextureSize(TextureSize.POWER_OF_TWO).withMaxWidth(1000)
                    .withFrameTimes(FrameTimes.CLIP_KEYS), Progress.NONE);
        });
        out.put("slider-7fps-float", () -> {
            Character s = VatModels.slider();
            return Vat.bakeVertexTextures(s, s.clips(), VatOptions.DEFAULTS.withEncoding(VatEncoding.FLOAT).withFps(7),
                    Progress.NONE);
        });
        for (VatEncoding e : new VatEncoding[] {VatEncoding.FLOAT, VatEncoding.HALF}) {
            out.put("combined-humanoid-bones-" + e.manifestName(), () -> {
                Character c = VatModels.combinedHumanoid();
                return Vat.bakeBoneTexture(c, c.clips(), BoneTextureOptions.DEFAULTS.withEncoding(e)
                        .withWeights(WeightFormat.UNORM8), Progress.NONE);
            });
        }
        out.put(SHARED_PREFIX + "-unorm16-offsets-normals", () -> {
            Character c = cesiumMan();
            return Vat.bakeVertexTextures(c, c.clips(), VatOptions.DEFAULTS.withEncoding(VatEncoding.UNORM16)
                    .withPositionMode(PositionMode.OFFSET).withStreams(VatStreams.POSITIONS_NORMALS), Progress.NONE);
        });
        out.put(SHARED_PREFIX + "-half", () -> {
            Character c = cesiumMan();
            return Vat.bakeVertexTextures(c, c.clips(), VatOptions.DEFAULTS, Progress.NONE);
        });
        return out;
    }

    private static Character cesiumMan() {
        Optional<Path> file = SharedFiles.file("assets/CesiumMan.glb");
        assumeTrue(file.isPresent(), SharedFiles.ABSENT + " (needs assets/CesiumMan.glb)");
        try {
            return GltfReader.read(file.get()).character();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The digest lines of one bake: each texture's raw bytes, then the manifest (raw files). */
    static List<String> digests(String name, VatResult r) {
        List<String> out = new ArrayList<>();
        for (VatTexture t : r.textures()) {
            out.add(name + " " + t.name() + " " + sha256(t.bytes()));
        }
        out.add(name + " manifest " + sha256(r.manifest(VatFormat.RAW).toJson().getBytes(StandardCharsets.UTF_8)));
        return out;
    }

    static List<String> recorded() throws IOException {
        try (InputStream in = VatGoldenTest.class.getResourceAsStream(RESOURCE)) {
            assertThat(in).as("test resource %s", RESOURCE).isNotNull();
            List<String> out = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    out.add(line);
                }
            }
            return out;
        }
    }

    @Test
    void theRecordCoversEveryCase() throws IOException {
        List<String> lines = recorded();
        for (String name : cases().keySet()) {
            assertThat(lines).as(name).anyMatch(l -> l.startsWith(name + " manifest "));
        }
    }

    @TestFactory
    Stream<DynamicTest> everyBakeReproducesTheRecordedBytes() throws IOException {
        List<String> lines = recorded();
        return cases().entrySet().stream().map(c -> DynamicTest.dynamicTest(c.getKey(), () -> {
            List<String> expected = lines.stream().filter(l -> l.startsWith(c.getKey() + " ")).toList();
            assertThat(digests(c.getKey(), c.getValue().get())).containsExactlyElementsOf(expected);
        }));
    }

    @Test
    @EnabledIfSystemProperty(named = RECORD, matches = ".+")
    void recordTheCurrentBytes() throws IOException {
        StringBuilder out = new StringBuilder();
        boolean shared = SharedFiles.locate().isPresent();
        for (Map.Entry<String, Supplier<VatResult>> c : cases().entrySet()) {
            if (!shared && c.getKey().startsWith(SHARED_PREFIX)) {
                throw new IllegalStateException("recording needs the shared assets");
            }
            for (String line : digests(c.getKey(), c.getValue().get())) {
                out.append(line).append('\n');
            }
        }
        Files.writeString(Path.of(System.getProperty(RECORD)), out, StandardCharsets.UTF_8);
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }
}
