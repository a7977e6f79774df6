package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.Bounds;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.testkit.ReferencePose;
import io.github.skinmesh.testkit.SharedFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Poses the shared real assets with {@link AssetPoser} at every reference pose of the shared
 * folder ({@code assets/reference/<asset>.<clip>.t<seconds>.<space>.bin}, computed by an independent
 * implementation) and compares every vertex. The reference's own {@code .json} is cross-checked
 * against the file name, the asset and the {@code .bin}.
 */
class AssetPoserReferenceTest {
    /** The reference's agreement bound for a float32 implementation, relative to the posed bounds' diagonal. */
    static final float RELATIVE_TOLERANCE = 1e-5f;
    /** Agreement of times and durations written as decimal text with their float values. */
    static final double TIME_TOLERANCE = 1e-6;

    @TestFactory
    Stream<DynamicTest> everyReferencePoseMatches() throws IOException {
        Optional<Path> folder = SharedFiles.file("assets/reference");
        assumeTrue(folder.isPresent(), SharedFiles.ABSENT);
        List<ReferencePose> references = ReferencePose.list(folder.get());
        assertThat(references).as("reference poses in %s", folder.get()).isNotEmpty();
        Map<Path, GltfAsset> assets = new HashMap<>();
        return references.stream().map(ref -> DynamicTest.dynamicTest(ref.bin().getFileName().toString(), () -> {
            GltfAsset asset = assets.computeIfAbsent(ref.assetFile(), AssetPoserReferenceTest::read);
            check(ref, asset);
        }));
    }

    private static GltfAsset read(Path file) {
        try {
            return GltfReader.read(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the clip's index in the asset, or -1 for the rest pose */
    static int clipIndex(ReferencePose ref, GltfAsset asset) {
        if (ref.isRest()) {
            return -1;
        }
        if (ref.clipIndex() != Index.NONE) {
            return ref.clipIndex();
        }
        for (int i = 0; i < asset.clips().size(); i++) {
            if (asset.clips().get(i).name().equals(ref.clip())) {
                return i;
            }
        }
        throw new AssertionError(ref.bin() + ": no clip named '" + ref.clip() + "' in " + ref.assetFile());
    }

    private static void check(ReferencePose ref, GltfAsset asset) throws IOException {
        int clipIndex = clipIndex(ref, asset);
        AnimationClip clip = clipIndex < 0 ? null : asset.clips().get(clipIndex);
        AssetPoser poser = AssetPoser.bind(asset);
        float[] expected = ref.positions();
        JsonNode json = new ObjectMapper().readTree(ref.jsonFile().toFile());
        PoseSpace space = PoseSpace.valueOf(ref.space().toUpperCase(Locale.ROOT));

        // the .json states the same facts as the file name, the asset and the .bin
        assertThat(json.get("space").asText()).isEqualTo(ref.space());
        assertThat(json.get("pose").asText()).isEqualTo(clip == null ? "rest" : "clip");
        if (clip != null) {
            assertThat(json.get("clipIndex").asInt()).isEqualTo(clipIndex);
            assertThat(json.get("clip").asText()).isEqualTo(clip.name());
            assertThat(json.get("requestedTime").asDouble()).isCloseTo(ref.time(), within(TIME_TOLERANCE));
            assertThat(json.get("duration").asDouble()).isCloseTo(clip.duration(), within(TIME_TOLERANCE));
            assertThat(json.get("effectiveTime").asDouble())
                    .isCloseTo(Math.min(ref.time(), clip.duration()), within(TIME_TOLERANCE));
        }
        assertThat(json.get("sha256").asText()).isEqualTo(sha256(Files.readAllBytes(ref.bin())));
        assertThat(json.get("totalVertices").asInt()).isEqualTo(poser.vertexCount()).isEqualTo(expected.length / 3);
        JsonNode prims = json.get("primitives");
        assertThat(prims.size()).isEqualTo(poser.primitiveCount());
        int first = 0;
        for (int p = 0; p < poser.primitiveCount(); p++) {
            JsonNode prim = prims.get(p);
            int n = poser.vertexCount(p);
            assertThat(prim.get("node").asInt()).as("primitive %d node", p).isEqualTo(poser.source(p).node());
            assertThat(prim.get("vertexCount").asInt()).as("primitive %d vertexCount", p).isEqualTo(n);
            assertThat(prim.get("firstVertex").asInt()).as("primitive %d firstVertex", p).isEqualTo(first);
            for (JsonNode sample : prim.get("samples")) {
                int v = first + sample.get("vertex").asInt();
                for (int c = 0; c < 3; c++) {
                    assertThat((float) sample.get("position").get(c).asDouble()).as("primitive %d sample %s", p, sample)
                            .isEqualTo(expected[3 * v + c]);
                }
            }
            first += n;
        }

        float[] actual = poser.poseInto(clip, ref.time(), space, new float[3 * poser.vertexCount()], 0);
        float diagonal = Bounds.of(expected, 0, expected.length / 3).diagonal();
        double worst = 0;
        int worstVertex = -1;
        for (int v = 0; v < expected.length / 3; v++) {
            double dx = actual[3 * v] - expected[3 * v];
            double dy = actual[3 * v + 1] - expected[3 * v + 1];
            double dz = actual[3 * v + 2] - expected[3 * v + 2];
            double ratio = Math.sqrt(dx * dx + dy * dy + dz * dz) / diagonal;
            if (ratio > worst || worstVertex < 0) {
                worst = ratio;
                worstVertex = v;
            }
        }
        assertThat(worst).as("%s: worst vertex %d is off by %.3g x the posed bounds' diagonal %.4g (limit %.0e)",
                ref.bin().getFileName(), worstVertex, worst, diagonal, RELATIVE_TOLERANCE)
                .isLessThanOrEqualTo(RELATIVE_TOLERANCE);
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
