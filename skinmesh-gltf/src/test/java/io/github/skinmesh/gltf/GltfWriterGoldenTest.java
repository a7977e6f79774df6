package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The GLB writer's bytes for a tiny hand-made character (two bones, one skinned triangle, one
 * clip) compared byte for byte with a versioned fixture, {@code golden/tiny-skinned.glb}. A
 * deliberate change of the writer's output regenerates it with
 * {@code -Dskinmesh.updateGolden=true} (then review the diff of its JSON chunk).
 */
class GltfWriterGoldenTest {
    static final String FIXTURE = "golden/tiny-skinned.glb";

    static Character tinyAsset() {
        Skeleton.Builder bones = Skeleton.builder("tiny");
        int root = bones.addBone("root", Skeleton.NO_PARENT);
        bones.addBone("tip", root, new Vector3f(0, 1, 0), new Quaternionf(), new Vector3f(1, 1, 1));
        Skeleton skeleton = bones.build();
        float[] ibm = new float[32];
        new Matrix4f().get(ibm, 0);
        new Matrix4f().translation(0, -1, 0).get(ibm, 16);
        BoneWeights weights = BoneWeights.ofNormalized(2, new int[] {0, 0, 0, 1, 1, 0},
                new float[] {1, 0, 0.5f, 0.5f, 1, 0});
        Mesh triangle = Mesh.builder("triangle")
                .positions(new float[] {0, 0, 0, 1, 1, 0, 0, 2, 0})
                .normals(new float[] {0, 0, 1, 0, 0, 1, 0, 0, 1})
                .addUvs(new float[] {0, 1, 1, 0.5f, 0, 0})
                .indices(new int[] {0, 1, 2})
                .addMaterial(Material.builder("red").baseColorFactor(1, 0, 0, 1).build())
                .skin(Skin.of(new String[] {"root", "tip"}, ibm, weights))
                .build();
        AnimationClip bend = AnimationClip.of("bend", List.of(
                BoneChannel.of("tip", ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0, 1},
                        new float[] {0, 0, 0, 1, 0, 0, 0.38268343f, 0.9238795f}),
                BoneChannel.of("root", ChannelPath.TRANSLATION, Interpolation.STEP, new float[] {0.5f},
                        new float[] {0, 0.25f, 0})));
        return Character.builder(skeleton.name(), skeleton)
                .addPart(Part.of("triangle", triangle))
                .addClip(bend)
                .build();
    }

    @Test
    void tinyCharacterMatchesTheFixtureByteForByte() throws IOException {
        byte[] actual = GltfWriter.toGlb(tinyAsset());
        assertThat(GltfWriter.toGlb(tinyAsset())).as("written twice").isEqualTo(actual);
        if (Boolean.getBoolean("skinmesh.updateGolden")) {
            Path target = Paths.get("src/test/resources", FIXTURE);
            Files.createDirectories(target.getParent());
            Files.write(target, actual);
            Assumptions.abort("fixture rewritten: " + target + "; run again without -Dskinmesh.updateGolden to compare");
        }
        byte[] expected;
        try (InputStream in = GltfWriterGoldenTest.class.getResourceAsStream("/" + FIXTURE)) {
            assertThat(in).as("fixture " + FIXTURE).isNotNull();
            expected = in.readAllBytes();
        }
        assertThat(json(actual)).isEqualTo(json(expected));
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void headerAndChunksFollowTheGlbLayout() {
        byte[] glb = GltfWriter.toGlb(tinyAsset());
        ByteBuffer b = ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(b.getInt(0)).as("magic glTF").isEqualTo(0x46546C67);
        assertThat(b.getInt(4)).as("version").isEqualTo(2);
        assertThat(b.getInt(8)).as("length").isEqualTo(glb.length);
        int jsonLength = b.getInt(12);
        assertThat(b.getInt(16)).as("JSON chunk type").isEqualTo(0x4E4F534A);
        assertThat(jsonLength % 4).isZero();
        int binHeader = 20 + jsonLength;
        assertThat(b.getInt(binHeader + 4)).as("BIN chunk type").isEqualTo(0x004E4942);
        assertThat(binHeader + 8 + b.getInt(binHeader)).isEqualTo(glb.length);
        String json = json(glb);
        assertThat(json).contains("\"skins\"").contains("\"inverseBindMatrices\"").contains("\"JOINTS_0\"")
                .contains("\"WEIGHTS_0\"").contains("\"animations\"").contains("\"STEP\"");
    }

    static String json(byte[] glb) {
        ByteBuffer b = ByteBuffer.wrap(glb).order(ByteOrder.LITTLE_ENDIAN);
        return new String(glb, 20, b.getInt(12), StandardCharsets.UTF_8);
    }
}
