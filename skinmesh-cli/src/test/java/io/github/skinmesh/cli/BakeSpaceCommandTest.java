package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.gltf.GltfWriter;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The space of {@code vat} and {@code bones-texture}: the contract's model space, what {@code skinmesh skin}
 * writes by default ({@code inverse(W_skinnedNode) * world}), on the testkit humanoid whose skinned nodes
 * are given transforms of their own (turned, scaled unevenly, one mirrored, one under an animated joint).
 * Every vertex of every frame decoded from the written files is compared with {@code skin}'s output
 * ({@link BakedFiles}).
 */
class BakeSpaceCommandTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    @TempDir
    static Path tmp;
    /** Six skinned nodes, each with a transform of its own, one of them a mirror. */
    static Path parts;
    /** One skinned node with a transform of its own. */
    static Path combined;
    /** One skinned node under an animated joint: its space moves with the joint. */
    static Path underJoint;

    @BeforeAll
    static void write() throws IOException {
        Character humanoid = Humanoids.generate(1).character();
        Path plain = tmp.resolve("humanoid.glb");
        GltfWriter.writeGlb(humanoid, plain);
        parts = TestFiles.editGlb(plain, tmp.resolve("humanoid.moved.glb"), json -> {
            int k = 0;
            for (JsonNode n : json.get("nodes")) {
                if (n.has("skin")) {
                    place((ObjectNode) n, k++);
                }
            }
        });
        Path one = tmp.resolve("humanoid.combined.glb");
        GltfWriter.writeGlb(Combine.combineCharacters(List.of(humanoid), CombineOptions.DEFAULTS).character(), one);
        combined = TestFiles.editGlb(one, tmp.resolve("combined.moved.glb"), json -> place(skinnedNode(json), 0));
        underJoint = TestFiles.editGlb(one, tmp.resolve("combined.under-joint.glb"), json -> {
            ObjectNode skinned = skinnedNode(json);
            int node = indexOf(json, skinned);
            int joint = json.at("/skins/0/joints/1").intValue();
            ArrayNode roots = (ArrayNode) json.at("/scenes/0/nodes");
            for (int i = roots.size() - 1; i >= 0; i--) {
                if (roots.get(i).intValue() == node) {
                    roots.remove(i);
                }
            }
            ObjectNode j = (ObjectNode) json.get("nodes").get(joint);
            (j.has("children") ? (ArrayNode) j.get("children") : j.putArray("children")).add(node);
            place(skinned, 1);
        });
    }

    /** Gives a node a translation, rotation and uneven scale, mirrored for every third {@code k}. */
    private static void place(ObjectNode node, int k) {
        node.putArray("translation").add(0.3 * k - 0.5).add(1.25).add(-0.75 + 0.1 * k);
        double a = 0.4 + 0.3 * k;
        double[] axis = {0.48, 0.6, 0.64};
        double s = Math.sin(a / 2);
        node.putArray("rotation").add(axis[0] * s).add(axis[1] * s).add(axis[2] * s).add(Math.cos(a / 2));
        node.putArray("scale").add(k % 3 == 2 ? -1.5 : 1.5).add(0.8).add(1.25);
    }

    private static ObjectNode skinnedNode(ObjectNode json) {
        for (JsonNode n : json.get("nodes")) {
            if (n.has("skin")) {
                return (ObjectNode) n;
            }
        }
        throw new AssertionError("no skinned node");
    }

    private static int indexOf(ObjectNode json, JsonNode node) {
        for (int i = 0; i < json.get("nodes").size(); i++) {
            if (json.get("nodes").get(i) == node) {
                return i;
            }
        }
        throw new AssertionError("not a node");
    }

    @Test
    void vertexTexturesOfTransformedNodesDecodeToWhatSkinWritesByDefault() throws IOException {
        BakedFiles.Vertices vertices = new BakedFiles.Vertices(parts);
        Path half = tmp.resolve("parts-half");
        Cli.Run run = Cli.run("vat", parts, "--clip", "walk", "idle", "--out", half, "--normals", "--json").assertOk();
        JsonNode report = MAPPER.readTree(run.out());
        assertThat(report.get("space").textValue()).isEqualTo("model");
        assertThat(run.err()).contains("baked in each skinned node's own space (what skinmesh skin writes by default); "
                + "nodes[").contains("draw with it as the model matrix");
        BakedFiles.Measured m = BakedFiles.read(half).checkVertices(vertices);
        assertThat(m.normalMaxDegrees()).isLessThan(0.5);

        Path unorm = tmp.resolve("parts-unorm16");
        Cli.run("vat", parts, "--clip", "walk", "--out", unorm, "--encoding", "unorm16", "--offsets", "--quiet").assertOk();
        BakedFiles.read(unorm).checkVertices(vertices);

        // the world space of before is another answer: the scene's, which these node transforms do not move
        Path world = tmp.resolve("world.bin");
        Cli.run("skin", parts, "--clip", "walk", "--space", "world", "--out", world, "--quiet").assertOk();
        BakedFiles baked = BakedFiles.read(half);
        float[] w = SkinCommandTest.floats(world);
        double far = 0;
        for (int v = 0; v < vertices.count(); v++) {
            int[] texel = baked.address(0, 0, v);
            for (int a = 0; a < 3; a++) {
                far = Math.max(far, Math.abs(baked.position(texel, a) - w[3 * v + a]));
            }
        }
        assertThat(far).as("model space differs from world space here").isGreaterThan(0.1);
    }

    @Test
    void boneTexturesOfATransformedNodeSkinToWhatSkinWritesByDefault() throws IOException {
        for (Path file : List.of(combined, underJoint)) {
            Path out = tmp.resolve("bones-" + file.getFileName());
            Cli.Run run = Cli.run("bones-texture", file, "--clip", "walk", "idle", "--out", out, "--json", "--quiet")
                    .assertOk();
            assertThat(MAPPER.readTree(run.out()).get("space").textValue()).isEqualTo("model");
            BakedFiles.read(out).checkBones(new BakedFiles.Vertices(file));
        }
    }

    @Test
    void vertexTexturesOfANodeUnderAnAnimatedJointFollowItsSpaceFrameByFrame() throws IOException {
        Path out = tmp.resolve("under-joint");
        Cli.run("vat", underJoint, "--clip", "walk", "--out", out, "--encoding", "float", "--normals", "--quiet")
                .assertOk();
        BakedFiles.read(out).checkVertices(new BakedFiles.Vertices(underJoint));
    }

    @Test
    void twoNodesOfOnePaletteWithDifferentTransformsAreRefusedByBonesTexture() throws IOException {
        Path file = TestFiles.editGlb(combined, tmp.resolve("twice.glb"), json -> {
            ObjectNode copy = skinnedNode(json).deepCopy();
            copy.put("name", "copy");
            copy.putArray("translation").add(2).add(0).add(0);
            ((ArrayNode) json.get("nodes")).add(copy);
            ((ArrayNode) json.at("/scenes/0/nodes")).add(json.get("nodes").size() - 1);
        });
        Path out = tmp.resolve("twice");
        Cli.run("bones-texture", file, "--clip", "walk", "--out", out).assertBadInput(file + ": bakeBoneTexture: part "
                + "'copy' has another space than part", "one bone texture has one space, so combine the parts first "
                + "(skinmesh combine)");
        assertThat(out).doesNotExist();
        // vat bakes each node in its own space
        Cli.run("vat", file, "--clip", "walk", "--out", out, "--quiet").assertOk();
        BakedFiles.read(out).checkVertices(new BakedFiles.Vertices(file));
    }

    @Test
    void aSkinnedNodeScaledToZeroHasNoModelSpace() throws IOException {
        Path file = TestFiles.editGlb(combined, tmp.resolve("flat.glb"),
                json -> skinnedNode(json).putArray("scale").add(1).add(0).add(1));
        Path out = tmp.resolve("flat");
        Cli.Run run = Cli.run("vat", file, "--clip", "walk", "--out", out);
        run.assertBadInput(file + ": bakeVertexTextures: the space of part '", "is singular (determinant 0), so "
                + "positions cannot be expressed in it (skinmesh skin cannot pose it in its default space either)");
        assertThat(Files.exists(out)).isFalse();
        Cli.run("skin", file, "--clip", "walk", "--out", tmp.resolve("flat.bin")).assertBadInput("is singular");
    }
}
