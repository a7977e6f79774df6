package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.testkit.SharedFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Pins {@link AssetPoser}'s output bit for bit: {@code poser-baseline/poser-baseline.txt} holds the
 * SHA-256 of the float32 bits of every pose (rest pose and each clip at 0, inside, at and past the
 * duration and at the reference times, in both spaces) of the shared assets and of four small
 * synthetic files beside it (morph targets with a weights channel, 8 influences, a mesh used by two
 * nodes, primitives sharing their vertex accessors next to one with its own, skinned nodes under a
 * placed bone). The hashes were first recorded from the poser that sampled and skinned on its own,
 * and reproduced unchanged after it was built on {@link io.github.skinmesh.core.anim.CharacterPoser}.
 * They were re-recorded once, deliberately, when the skinning kernels changed their order of
 * operations so that the scalar, SIMD and multi-threaded kernels give the same bits (positions moved
 * by at most a few float ulps; the three.js reference tests bound them). The poser must keep
 * reproducing them. Line format: {@code file clip|rest timeBitsHex model|world vertexCount sha256}.
 *
 * <p>To re-record after a deliberate change, run this class with
 * {@code -Dskinmesh.poserBaseline.record=FILE}: the current hashes are written to {@code FILE} in the
 * same line format, then compare and copy them over the resource.
 */
class AssetPoserBaselineTest {
    static final String FOLDER = "poser-baseline/";
    static final String RECORD = "skinmesh.poserBaseline.record";
    static final List<String> SHARED = List.of("CesiumMan.glb", "Fox.glb", "RiggedSimple.glb");

    record Line(String file, int clip, float time, PoseSpace space, int vertexCount, String sha256) {
        static Line parse(String text) {
            String[] f = text.split(" ");
            return new Line(f[0], f[1].equals("rest") ? -1 : Integer.parseInt(f[1]),
                    Float.intBitsToFloat(Integer.parseUnsignedInt(f[2], 16)),
                    PoseSpace.valueOf(f[3].toUpperCase(Locale.ROOT)), Integer.parseInt(f[4]), f[5]);
        }

        @Override
        public String toString() {
            return file + " " + (clip < 0 ? "rest" : "clip " + clip + " t=" + time) + " " + space;
        }
    }

    static List<Line> lines() throws IOException {
        List<Line> out = new ArrayList<>();
        for (String s : new String(resource(FOLDER + "poser-baseline.txt"), StandardCharsets.UTF_8).split("\n")) {
            if (!s.isBlank()) {
                out.add(Line.parse(s));
            }
        }
        return out;
    }

    static byte[] resource(String name) throws IOException {
        try (InputStream in = AssetPoserBaselineTest.class.getResourceAsStream("/" + name)) {
            assertThat(in).as("test resource %s", name).isNotNull();
            return in.readAllBytes();
        }
    }

    static GltfAsset read(String file) {
        try {
            if (SHARED.contains(file)) {
                return GltfReader.read(SharedFiles.file("assets/" + file).orElseThrow());
            }
            return GltfReader.read(resource(FOLDER + file), file, ResourceResolver.none());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theBaselineCoversEverySharedAssetAndEveryClipInBothSpaces() throws IOException {
        List<Line> lines = lines();
        for (String file : SHARED) {
            assertThat(lines).as(file).anyMatch(l -> l.file().equals(file) && l.clip() < 0);
        }
        assertThat(lines).filteredOn(l -> l.space() == PoseSpace.MODEL).hasSize(lines.size() / 2);
        assertThat(lines.stream().map(Line::file).distinct()).hasSize(7);
    }

    @TestFactory
    Stream<DynamicTest> everyPoseReproducesTheRecordedBits() throws IOException {
        boolean shared = SharedFiles.locate().isPresent();
        Map<String, AssetPoser> posers = new HashMap<>();
        Map<String, GltfAsset> assets = new HashMap<>();
        return lines().stream().map(line -> DynamicTest.dynamicTest(line.toString(), () -> {
            assumeTrue(shared || !SHARED.contains(line.file()), SharedFiles.ABSENT);
            GltfAsset asset = assets.computeIfAbsent(line.file(), AssetPoserBaselineTest::read);
            AssetPoser poser = posers.computeIfAbsent(line.file(), f -> AssetPoser.bind(asset));
            AnimationClip clip = line.clip() < 0 ? null : asset.clips().get(line.clip());
            assertThat(poser.vertexCount()).isEqualTo(line.vertexCount());
            float[] p = poser.poseInto(clip, line.time(), line.space(), new float[3 * poser.vertexCount()], 0);
            assertThat(sha256(p)).isEqualTo(line.sha256());
        }));
    }

    @Test
    @EnabledIfSystemProperty(named = RECORD, matches = ".+")
    void recordTheCurrentBits() throws IOException {
        StringBuilder out = new StringBuilder();
        Map<String, GltfAsset> assets = new HashMap<>();
        for (Line line : lines()) {
            GltfAsset asset = assets.computeIfAbsent(line.file(), AssetPoserBaselineTest::read);
            AssetPoser poser = AssetPoser.bind(asset);
            AnimationClip clip = line.clip() < 0 ? null : asset.clips().get(line.clip());
            float[] p = poser.poseInto(clip, line.time(), line.space(), new float[3 * poser.vertexCount()], 0);
            out.append(line.file()).append(' ').append(line.clip() < 0 ? "rest" : Integer.toString(line.clip()))
                    .append(' ').append(String.format(Locale.ROOT, "%08x", Float.floatToRawIntBits(line.time())))
                    .append(' ').append(line.space().name().toLowerCase(Locale.ROOT)).append(' ')
                    .append(poser.vertexCount()).append(' ').append(sha256(p)).append('\n');
        }
        Files.writeString(Path.of(System.getProperty(RECORD)), out, StandardCharsets.UTF_8);
    }

    static String sha256(float[] values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putInt(Float.floatToRawIntBits(v));
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b.array()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
