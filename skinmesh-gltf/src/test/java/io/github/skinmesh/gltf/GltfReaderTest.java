package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.skinmesh.core.FormatException;
import io.github.skinmesh.core.anim.CharacterPoser;
import io.github.skinmesh.core.anim.PosedVertices;
import io.github.skinmesh.core.model.AlphaMode;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Index;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.PixelFormat;
import io.github.skinmesh.core.model.Sampler;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.VertexAttribute;
import io.github.skinmesh.testkit.SharedFiles;
import io.github.skinmesh.testkit.SplitMix64;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.joml.Matrix4f;
import org.joml.Quaternionf;
import org.joml.Vector3f;
import org.junit.jupiter.api.Test;

class GltfReaderTest {
    /** Key times in the shared assets' descriptions are given to 4 decimals. */
    static final float TIME_TOLERANCE = 1e-4f;
    /** Matrix comparisons of composed float transforms. */
    static final float MATRIX_TOLERANCE = 1e-5f;

    static GltfAsset reread(GltfAsset a) {
        return GltfReader.read(GltfWriter.toGlb(a.character()), "back.glb", ResourceResolver.none());
    }

    /** @return the skinned parts, in node order */
    static List<Part> skinned(GltfAsset a) {
        return a.parts().stream().filter(Part::isSkinned).toList();
    }

    /** @return the rigid parts, in node order */
    static List<Part> rigid(GltfAsset a) {
        return a.parts().stream().filter(p -> !p.isSkinned()).toList();
    }

    /** @return the bone index of a rigid part's attach bone, or {@link Skeleton#NO_PARENT} */
    static int attachBone(GltfAsset a, Part p) {
        return p.attachBone() == null ? Skeleton.NO_PARENT : a.skeleton().indexOf(p.attachBone());
    }

    static GltfAsset read(TestGltf g) {
        return GltfReader.read(g.glb(), "t.glb", ResourceResolver.none());
    }

    static GltfAsset shared(String name) throws IOException {
        Optional<Path> p = SharedFiles.file("assets/" + name);
        assumeTrue(p.isPresent(), SharedFiles.ABSENT);
        return GltfReader.read(p.get());
    }

    static ObjectNode primitive(TestGltf g, int mesh, int prim) {
        return (ObjectNode) g.array("meshes").get(mesh).get("primitives").get(prim);
    }

    static ObjectNode attributes(TestGltf g) {
        return (ObjectNode) primitive(g, 0, 0).get("attributes");
    }

    @Test
    void cesiumMan() throws IOException {
        GltfAsset a = shared("CesiumMan.glb");
        assertThat(a.warnings()).isEmpty();
        assertThat(skinned(a)).hasSize(1);
        assertThat(rigid(a)).isEmpty();
        Part man = a.parts().get(0);
        PartSource source = a.source(0);
        assertThat(man.name()).isEqualTo("Cesium_Man");
        assertThat(source.node()).isEqualTo(2);
        assertThat(source.mesh()).isZero();
        assertThat(source.skin()).isZero();
        assertThat(a.partOfNode(2)).isZero();
        assertThat(a.partOfNode(3)).isEqualTo(Index.NONE);
        assertThat(man.attachBone()).isNull();
        assertThat(man.hasIdentityTransform()).isTrue();
        Mesh m = man.mesh();
        assertThat(m.submeshes()).hasSize(1);
        assertThat(source.primitives()).containsExactly(new PartSource.Primitive(0, 0, 3273,
                List.of("POSITION", "NORMAL", "TEXCOORD_0", "JOINTS_0", "WEIGHTS_0")));
        assertThat(m.vertexCount()).isEqualTo(3273);
        assertThat(m.hasNormals()).isTrue();
        assertThat(m.uvChannelCount()).isEqualTo(1);
        Skin skin = m.skin();
        assertThat(skin.paletteSize()).isEqualTo(19);
        assertThat(skin.weights().influencesPerVertex()).isEqualTo(4);
        assertThat(skin.boneName(0)).isEqualTo("Skeleton_torso_joint_1");
        Skeleton s = a.skeleton();
        assertThat(s.boneCount()).isEqualTo(21);
        assertThat(s.boneName(0)).isEqualTo("Z_UP");
        assertThat(s.boneName(1)).isEqualTo("Armature");
        assertThat(a.nodeOfBone(0)).isZero();
        assertThat(a.boneOfNode(2)).isEqualTo(Index.NONE);
        assertThat(a.boneOfNode(3)).isEqualTo(2);
        assertThat(source.nodeBone()).isEqualTo(s.indexOf("Armature"));
        assertThat(source.nodeMatrix(new Matrix4f()).equals(new Matrix4f(), 0f)).isTrue();
        // the Z_UP node turns +Z up into +Y up: the skinned node's world matrix is not the identity
        Matrix4f world = new Matrix4f().set(s.restModelMatricesInto(new float[16 * 21], 0), 16 * source.nodeBone())
                .mul(source.nodeMatrix(new Matrix4f()));
        assertThat(world.transformDirection(new Vector3f(0, 0, 1)).distance(0, 1, 0)).isLessThan(MATRIX_TOLERANCE);
        AnimationClip clip = a.clips().get(0);
        assertThat(clip.name()).isEmpty();
        assertThat(clip.startTime()).isCloseTo(0.0417f, within(TIME_TOLERANCE));
        assertThat(clip.duration()).isCloseTo(2.0f, within(TIME_TOLERANCE));
        assertThat(a.images()).hasSize(1);
        assertThat(a.images().get(0).mimeType()).isEqualTo("image/jpeg");
        // the JPEG's frame header, found past its Exif segment
        assertThat(a.images().get(0).width()).isEqualTo(1024);
        assertThat(a.images().get(0).height()).isEqualTo(1024);
        assertThat(a.images().get(0).pixelFormat()).isEqualTo(new PixelFormat(PixelFormat.ColorType.RGB, 8));
        Material mat = m.materials().get(0);
        assertThat(mat.name()).isEqualTo("Cesium_Man-effect");
        assertThat(mat.metallicFactor()).isZero();
        assertThat(mat.texture(Material.BASE_COLOR).sampler()).isEqualTo(new Sampler(Sampler.Filter.LINEAR,
                Sampler.Filter.NEAREST_MIPMAP_LINEAR, Sampler.Wrap.REPEAT, Sampler.Wrap.REPEAT));
    }

    @Test
    void fox() throws IOException {
        GltfAsset a = shared("Fox.glb");
        Part fox = a.parts().get(0);
        Mesh m = fox.mesh();
        assertThat(m.vertexCount()).isEqualTo(1728);
        assertThat(m.skin().paletteSize()).isEqualTo(24);
        Set<Integer> weighted = new HashSet<>();
        for (int v = 0; v < m.vertexCount(); v++) {
            for (int k = 0; k < 4; k++) {
                if (m.skin().weights().weight(v, k) > 0) {
                    weighted.add(m.skin().weights().joint(v, k));
                }
            }
        }
        assertThat(weighted).hasSize(22);
        assertThat(a.source(0).nodeBone()).isEqualTo(Index.NONE);
        assertThat(a.clip("Walk")).isSameAs(a.clips().get(1));
        assertThat(a.clip("Jump")).isNull();
        assertThat(a.clips()).extracting(AnimationClip::name).containsExactly("Survey", "Walk", "Run");
        assertThat(a.clips()).extracting(AnimationClip::duration)
                .satisfiesExactly(d -> assertThat(d).isCloseTo(3.4167f, within(TIME_TOLERANCE)),
                        d -> assertThat(d).isCloseTo(0.7083f, within(TIME_TOLERANCE)),
                        d -> assertThat(d).isCloseTo(1.1583f, within(TIME_TOLERANCE)));
        assertThat(a.images().get(0).mimeType()).isEqualTo("image/png");
        assertThat(a.images().get(0).width()).isEqualTo(1024);
        assertThat(a.images().get(0).height()).isEqualTo(1024);
        assertThat(a.images().get(0).pixelFormat()).isEqualTo(new PixelFormat(PixelFormat.ColorType.RGB, 8));
        assertThat(m.bounds().maxZ() - m.bounds().minZ()).isCloseTo(154.7f, within(0.1f));
    }

    @Test
    void riggedSimple() throws IOException {
        GltfAsset a = shared("RiggedSimple.glb");
        Mesh m = a.parts().get(0).mesh();
        PartSource cyl = a.source(0);
        assertThat(m.vertexCount()).isEqualTo(160);
        assertThat(m.skin().paletteSize()).isEqualTo(2);
        assertThat(a.images()).isEmpty();
        Skeleton s = a.skeleton();
        assertThat(s.boneName(0)).isEqualTo("Z_UP");
        assertThat(cyl.nodeBone()).isEqualTo(s.indexOf("Armature"));
        // rest pose (node transforms) is not the bind pose: model(joint) * inverseBind != identity
        float[] model = s.restModelMatricesInto(new float[16 * s.boneCount()], 0);
        Matrix4f w = new Matrix4f().set(model, 16 * s.indexOf("Armature")).mul(cyl.nodeMatrix(new Matrix4f()));
        float worst = 0;
        for (int e = 0; e < 2; e++) {
            Matrix4f skin = new Matrix4f().set(model, 16 * s.indexOf(m.skin().boneName(e)))
                    .mul(m.skin().inverseBindMatrix(e, new Matrix4f()));
            Matrix4f relative = new Matrix4f(w).invert().mul(skin);
            float[] r = relative.get(new float[16]);
            for (int i = 0; i < 16; i++) {
                worst = Math.max(worst, Math.abs(r[i] - (i % 5 == 0 ? 1 : 0)));
            }
        }
        assertThat(worst).isGreaterThan(0.1f);
        AnimationClip clip = a.clips().get(0);
        assertThat(clip.startTime()).isCloseTo(0.0417f, within(TIME_TOLERANCE));
        assertThat(clip.duration()).isCloseTo(2.0833f, within(TIME_TOLERANCE));
    }

    /** Normalized integers of every allowed type decode with the specification's formulas. */
    @Property(tries = 60, seed = "1234")
    void normalizedIntegersDecodeWithTheSpecFormulas(@ForAll @IntRange(min = 0, max = 3) int typeIndex,
            @ForAll @IntRange(min = 0, max = 1_000_000) int seed) {
        int[] types = {TestGltf.UNSIGNED_BYTE, TestGltf.UNSIGNED_SHORT, TestGltf.BYTE, TestGltf.SHORT};
        int type = types[typeIndex];
        SplitMix64 rng = new SplitMix64(seed);
        int[] raw = new int[6];
        for (int i = 0; i < raw.length; i++) {
            raw[i] = switch (type) {
                case TestGltf.UNSIGNED_BYTE -> rng.nextInt(0, 255);
                case TestGltf.UNSIGNED_SHORT -> rng.nextInt(0, 65535);
                case TestGltf.BYTE -> rng.nextInt(-128, 127);
                default -> rng.nextInt(-32768, 32767);
            };
        }
        raw[0] = type == TestGltf.BYTE ? -128 : type == TestGltf.SHORT ? -32768 : raw[0];
        TestGltf g = TestGltf.minimalSkinned();
        g.array("extensionsUsed").add("KHR_mesh_quantization");
        attributes(g).put("TEXCOORD_0", g.ints(type, true, "VEC2", raw));
        attributes(g).put("COLOR_0", g.ints(type == TestGltf.BYTE || type == TestGltf.SHORT
                ? TestGltf.UNSIGNED_SHORT : type, true, "VEC3", abs(raw, 3)));
        Mesh m = read(g).parts().get(0).mesh();
        float[] uv = m.uvs(0);
        for (int i = 0; i < raw.length; i++) {
            assertThat(uv[i]).isEqualTo(reference(type, raw[i]));
        }
        float[] rgba = m.colors();
        int colorType = type == TestGltf.BYTE || type == TestGltf.SHORT ? TestGltf.UNSIGNED_SHORT : type;
        int[] c = abs(raw, 3);
        for (int v = 0; v < 3; v++) {
            assertThat(rgba[4 * v]).isEqualTo(reference(colorType, c[3 * v]));
            assertThat(rgba[4 * v + 2]).isEqualTo(reference(colorType, c[3 * v + 2]));
            assertThat(rgba[4 * v + 3]).isEqualTo(1f);
        }
    }

    private static int[] abs(int[] raw, int vertices) {
        int[] out = new int[3 * vertices];
        for (int i = 0; i < out.length; i++) {
            out[i] = Math.abs(raw[i % raw.length]) * 3 % 256;
        }
        return out;
    }

    /** The naive formulas of glTF 2.0 section 3.11 (animation) and the accessor rules. */
    private static float reference(int type, int c) {
        return switch (type) {
            case TestGltf.UNSIGNED_BYTE -> (float) (c / 255.0);
            case TestGltf.UNSIGNED_SHORT -> (float) (c / 65535.0);
            case TestGltf.BYTE -> (float) Math.max(c / 127.0, -1.0);
            default -> (float) Math.max(c / 32767.0, -1.0);
        };
    }

    @Test
    void quantizedTypesNeedTheirExtension() {
        TestGltf g = TestGltf.minimalSkinned();
        attributes(g).put("TEXCOORD_0", g.ints(TestGltf.BYTE, true, "VEC2", 1, 2, 3, 4, 5, 6));
        assertThatThrownBy(() -> read(g)).isInstanceOf(FormatException.class)
                .hasMessage("meshes[0].primitives[0].attributes.TEXCOORD_0 (accessors[5]): componentType BYTE normalized, "
                        + "expected FLOAT, UNSIGNED_BYTE normalized, UNSIGNED_SHORT normalized");
    }

    @Test
    void sparseAccessorsSubstituteElements() {
        TestGltf g = TestGltf.minimalSkinned();
        ObjectNode pos = (ObjectNode) g.array("accessors").get(0);
        int idx = g.view(new byte[] {0, 2}, 0);
        int val = g.view(floats(5, 5, 5, 7, 7, 7), 0);
        ObjectNode sparse = pos.putObject("sparse");
        sparse.put("count", 2);
        sparse.putObject("indices").put("bufferView", idx).put("componentType", TestGltf.UNSIGNED_BYTE);
        sparse.putObject("values").put("bufferView", val);
        // a morph target that is only sparse: zeros with one element substituted
        int tIdx = g.view(new byte[] {1, 0, 0, 0}, 0);
        int tVal = g.view(floats(0.5f, 0, 0), 0);
        int target = g.accessor(-1, 0, TestGltf.FLOAT, false, 3, "VEC3");
        ObjectNode ts = ((ObjectNode) g.array("accessors").get(target)).putObject("sparse");
        ts.put("count", 1);
        ts.putObject("indices").put("bufferView", tIdx).put("componentType", TestGltf.UNSIGNED_INT);
        ts.putObject("values").put("bufferView", tVal);
        primitive(g, 0, 0).putArray("targets").addObject().put("POSITION", target);
        Mesh m = read(g).parts().get(0).mesh();
        assertThat(m.positions()).containsExactly(5, 5, 5, 1, 0, 0, 7, 7, 7);
        assertThat(m.morphTargets().get(0).positions()).containsExactly(0, 0, 0, 0.5f, 0, 0, 0, 0, 0);
        assertThat(m.morphWeights()).containsExactly(0f);
    }

    private static byte[] floats(float... v) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(4 * v.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (float x : v) {
            b.putFloat(x);
        }
        return b.array();
    }

    @Test
    void stripsAndFansBecomeTriangleLists() {
        TestGltf g = TestGltf.minimalSkinned();
        int pos = g.floats("VEC3", 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 2, 0);
        ArrayNode prims = g.add("meshes").putArray("primitives");
        ObjectNode strip = prims.addObject().put("mode", 5);
        strip.putObject("attributes").put("POSITION", pos);
        ObjectNode fan = prims.addObject().put("mode", 6);
        fan.putObject("attributes").put("POSITION", pos);
        fan.put("indices", g.ints(TestGltf.UNSIGNED_BYTE, false, "SCALAR", 4, 3, 2, 1));
        prims.addObject().put("mode", 1).putObject("attributes").put("POSITION", pos);
        g.sceneNode("prop").put("mesh", 1);
        GltfAsset a = read(g);
        assertThat(rigid(a)).hasSize(1);
        // the strip and the fan share their POSITION accessor, so their vertices
        Mesh prop = rigid(a).get(0).mesh();
        assertThat(prop.vertexCount()).isEqualTo(5);
        assertThat(prop.indices()).containsExactly(0, 1, 2, 1, 3, 2, 2, 3, 4, 3, 2, 4, 2, 1, 4);
        assertThat(prop.submeshes()).containsExactly(new Submesh(0, 9, 0), new Submesh(9, 6, 0));
        List<String> position = List.of("POSITION");
        assertThat(a.source(1).primitives()).containsExactly(new PartSource.Primitive(0, 0, 5, position),
                new PartSource.Primitive(1, 0, 5, position), new PartSource.Primitive(Index.NONE, 0, 0, position));
        assertThat(a.source(1).primitives().get(2).isRead()).isFalse();
        assertThat(a.warnings()).containsExactly(
                "meshes[1].primitives[2]: mode 1 (LINES) is not triangles; primitive skipped");
    }

    @Test
    void eightInfluencesFromTwoSets() {
        TestGltf g = TestGltf.minimalSkinned();
        ObjectNode skin = (ObjectNode) g.array("skins").get(0);
        for (int i = 0; i < 7; i++) {
            g.node("extra" + i);
            ((ArrayNode) skin.get("joints")).add(3 + i);
        }
        skin.remove("inverseBindMatrices");
        attributes(g).put("JOINTS_0", g.ints(TestGltf.UNSIGNED_SHORT, false, "VEC4",
                0, 1, 2, 3, 0, 0, 0, 0, 4, 5, 6, 7));
        attributes(g).put("WEIGHTS_0", g.ints(TestGltf.UNSIGNED_BYTE, true, "VEC4",
                32, 32, 32, 32, 255, 0, 0, 0, 10, 20, 30, 40));
        attributes(g).put("JOINTS_1", g.ints(TestGltf.UNSIGNED_BYTE, false, "VEC4",
                4, 5, 6, 7, 0, 0, 0, 0, 0, 1, 2, 3));
        attributes(g).put("WEIGHTS_1", g.ints(TestGltf.UNSIGNED_BYTE, true, "VEC4",
                31, 32, 32, 32, 0, 0, 0, 0, 50, 25, 24, 1));
        GltfAsset a = read(g);
        Skin s = a.parts().get(0).mesh().skin();
        assertThat(s.paletteSize()).isEqualTo(8);
        assertThat(s.weights().influencesPerVertex()).isEqualTo(8);
        assertThat(s.weights().weight(1, 0)).isEqualTo(1f);
        assertThat(s.weights().weight(0, 7)).isEqualTo(31 / 255f);
        assertThat(s.weights().joint(0, 7)).isEqualTo(4);
        assertThat(s.weights().joint(2, 0)).isEqualTo(0);
        assertThat(s.weights().weight(2, 0)).isEqualTo(50 / 255f);
        assertThat(a.skeleton().boneName(2)).isEqualTo("extra0");
        assertThat(a.skeleton().parent(2)).isEqualTo(Skeleton.NO_PARENT);
    }

    /** A slot of weight 0 may name any joint in the file; it is read as joint 0, as the model keeps unused slots. */
    @Test
    void zeroWeightSlotsMayNameAnyJoint() {
        TestGltf g = TestGltf.minimalSkinned();
        attributes(g).put("JOINTS_0", g.ints(TestGltf.UNSIGNED_BYTE, false, "VEC4", 0, 200, 0, 0, 0, 0, 9, 0, 0, 0, 0, 255));
        Skin skin = read(g).parts().get(0).mesh().skin();
        for (int v = 0; v < 3; v++) {
            assertThat(skin.weights().weight(v, 0)).isEqualTo(1f);
            for (int k = 0; k < 4; k++) {
                assertThat(skin.weights().joint(v, k)).as("vertex %d slot %d", v, k).isZero();
            }
        }
    }

    /**
     * One mesh on three skinned nodes: two with the same skin share the decoded meshes; the third
     * node uses a second skin sharing joints; node weights override the mesh's default weights;
     * morph target names come from extras; a weights channel becomes a morph channel.
     */
    @Test
    void sharedMeshesSkinsMorphTargetsAndSeveralRoots() {
        GltfAsset a = read(sharedMeshesDocument());
        List<Part> sk = skinned(a);
        assertThat(sk).extracting(Part::name).containsExactly("body", "body2", "body2#4");
        assertThat(sk.get(1).mesh()).isSameAs(sk.get(0).mesh());
        Mesh third = sk.get(2).mesh();
        assertThat(third.skin().boneNames()).containsExactly("root", "joint");
        assertThat(third.morphWeights()).containsExactly(0f, 1f);
        assertThat(sk.get(0).mesh().morphWeights()).containsExactly(0.5f, 0f);
        assertThat(a.sources()).extracting(PartSource::skin).containsExactly(0, 0, 1);
        assertThat(third.morphTargets()).extracting(t -> t.name()).containsExactly("smile", "blink");
        MorphChannel mc = a.clips().get(0).morphChannels().get(0);
        assertThat(mc.target()).isEqualTo("body2#4");
        assertThat(mc.weightCount()).isEqualTo(2);
        assertThat(a.warnings()).isEmpty();
    }

    /** One mesh on three skinned nodes, two skins sharing joints, morph targets, a weights channel. */
    static TestGltf sharedMeshesDocument() {
        TestGltf g = TestGltf.minimalSkinned();
        int d0 = g.floats("VEC3", 0, 0, 1, 0, 0, 1, 0, 0, 1);
        int d1 = g.floats("VEC3", 1, 0, 0, 1, 0, 0, 1, 0, 0);
        ObjectNode mesh = (ObjectNode) g.array("meshes").get(0);
        mesh.put("name", "M");
        ArrayNode targets = primitive(g, 0, 0).putArray("targets");
        targets.addObject().put("POSITION", d0);
        targets.addObject().put("POSITION", d1);
        TestGltf.nums(mesh, "weights", 0.5f, 0);
        mesh.putObject("extras").putArray("targetNames").add("smile").add("blink");
        g.node("body2").put("mesh", 0).put("skin", 0);
        ObjectNode body3 = g.node("body2").put("mesh", 0).put("skin", 1);
        TestGltf.nums(body3, "weights", 0, 1);
        ObjectNode skin2 = g.add("skins");
        TestGltf.ints(skin2, "joints", 0, 1);
        skin2.put("skeleton", 0);
        TestGltf.ints((ObjectNode) g.array("scenes").get(0), "nodes", 0, 2, 3, 4);
        int in = g.floats("SCALAR", 0, 1);
        int out = g.floats("SCALAR", 0, 0, 1, 1);
        ObjectNode anim = g.add("animations").put("name", "faces");
        anim.putArray("samplers").addObject().put("input", in).put("output", out);
        anim.putArray("channels").addObject().put("sampler", 0).putObject("target").put("node", 4)
                .put("path", "weights");
        return g;
    }

    /** A node without a mesh under a joint (a socket) is a bone; the prop below it hangs from it. */
    @Test
    void nodesWithoutAMeshUnderAJointAreBones() {
        TestGltf g = TestGltf.minimalSkinned();
        TestGltf.ints((ObjectNode) g.array("nodes").get(1), "children", 3);
        ObjectNode helper = g.node("helper");
        TestGltf.nums(helper, "translation", 0, 0, 2);
        TestGltf.ints(helper, "children", 4);
        ObjectNode prop = g.node("prop").put("mesh", 1);
        TestGltf.nums(prop, "scale", 2, 2, 2);
        ObjectNode rigid = g.add("meshes");
        rigid.putArray("primitives").addObject().putObject("attributes").put("POSITION", 0);
        GltfAsset a = read(g);
        assertThat(a.skeleton().boneCount()).isEqualTo(3);
        int socket = a.skeleton().indexOf("helper");
        assertThat(a.skeleton().parent(socket)).isEqualTo(a.skeleton().indexOf("joint"));
        assertThat(a.skeleton().restTranslation(socket, new Vector3f())).isEqualTo(new Vector3f(0, 0, 2));
        Part p = rigid(a).get(0);
        assertThat(p.name()).isEqualTo("prop");
        assertThat(attachBone(a, p)).isEqualTo(socket);
        assertThat(p.transform(new Matrix4f()).equals(new Matrix4f().scale(2), MATRIX_TOLERANCE)).isTrue();
        assertThat(p.mesh().skin()).isNull();
        assertThat(p.mesh().indices()).containsExactly(0, 1, 2);
        PartSource source = a.source(a.character().partIndex("prop"));
        assertThat(source.skin()).isEqualTo(Index.NONE);
        assertThat(source.nodeBone()).as("a rigid part's placement is the part's").isEqualTo(Index.NONE);
    }

    /** A mesh node is not a bone: a rigid mesh below another hangs from their bone with both matrices. */
    @Test
    void rigidMeshUnderAMeshNodeCollapsesTheChain() {
        TestGltf g = TestGltf.minimalSkinned();
        TestGltf.ints((ObjectNode) g.array("nodes").get(1), "children", 3);
        ObjectNode sword = g.node("sword").put("mesh", 1);
        TestGltf.nums(sword, "translation", 0, 0, 2);
        TestGltf.ints(sword, "children", 4);
        ObjectNode gem = g.node("gem").put("mesh", 1);
        TestGltf.nums(gem, "scale", 2, 2, 2);
        ObjectNode rigid = g.add("meshes");
        rigid.putArray("primitives").addObject().putObject("attributes").put("POSITION", 0);
        GltfAsset a = read(g);
        assertThat(a.skeleton().boneCount()).isEqualTo(2);
        Part p = rigid(a).get(1);
        assertThat(p.name()).isEqualTo("gem");
        assertThat(p.attachBone()).isEqualTo("joint");
        Matrix4f expected = new Matrix4f().translation(0, 0, 2).scale(2);
        assertThat(p.transform(new Matrix4f()).equals(expected, MATRIX_TOLERANCE)).isTrue();
    }

    /** Adds a one-sampler translation animation of the given nodes. */
    private static void translate(TestGltf g, int... nodes) {
        int in = g.floats("SCALAR", 0, 1);
        int out = g.floats("VEC3", 0, 0, 0, 1, 2, 3);
        ObjectNode anim = g.add("animations");
        anim.putArray("samplers").addObject().put("input", in).put("output", out);
        ArrayNode channels = anim.putArray("channels");
        for (int node : nodes) {
            channels.addObject().put("sampler", 0).putObject("target").put("node", node).put("path", "translation");
        }
    }

    /**
     * Nodes below the skin's hierarchy root (the joints' closest common root) that carry no mesh are
     * bones with their channels: an end site under the joint; a node beside the joint is outside
     * that hierarchy and its channel is dropped, unless {@code skin.skeleton} names a root above it.
     */
    @Test
    void theSkeletonHierarchyKeepsHelperNodesAndTheirChannels() {
        TestGltf g = TestGltf.minimalSkinned();
        TestGltf.ints((ObjectNode) g.array("nodes").get(1), "children", 3);
        TestGltf.nums(g.node("tip"), "translation", 0, 0.5f, 0);
        TestGltf.ints((ObjectNode) g.array("nodes").get(0), "children", 1, 4);
        g.node("ik");
        translate(g, 3, 4);
        GltfAsset a = read(g);
        assertThat(a.skeleton().boneCount()).isEqualTo(3);
        assertThat(a.skeleton().boneName(2)).isEqualTo("tip");
        assertThat(a.skeleton().parent(2)).isEqualTo(a.skeleton().indexOf("joint"));
        assertThat(a.boneOfNode(4)).isEqualTo(Index.NONE);
        assertThat(a.clips().get(0).channels()).extracting(BoneChannel::bone).containsExactly("tip");
        assertThat(a.warnings()).containsExactly(
                "animations[0]: channels targeting nodes outside the skeleton dropped (nodes[4])");

        ((ObjectNode) g.array("skins").get(0)).put("skeleton", 0);
        GltfAsset declared = read(g);
        assertThat(declared.skeleton().boneCount()).isEqualTo(4);
        assertThat(declared.skeleton().indexOf("ik")).isEqualTo(3);
        assertThat(declared.clips().get(0).channels()).extracting(BoneChannel::bone).containsExactly("tip", "ik");
        assertThat(declared.warnings()).isEmpty();
        assertThat(reread(declared).character()).isEqualTo(declared.character());
    }

    /**
     * glTF times an animation by all its channels: a node outside the skeleton keyed to 3 s keeps
     * the clip 3 s long after its channel is dropped (the joint's own keys end at 1 s), with no
     * channel added, and a write and read keep the 3 s and every pose.
     */
    @Test
    void droppedChannelsStillSpanTheClip() {
        TestGltf g = droppedLongChannel();
        GltfAsset a = read(g);
        AnimationClip clip = a.clips().get(0);
        assertThat(clip.duration()).isEqualTo(3f);
        assertThat(clip.lastKeyTime()).isEqualTo(1f);
        assertThat(clip.channels()).extracting(BoneChannel::bone).containsExactly("joint");
        assertThat(a.warnings()).containsExactly(
                "animations[0]: channels targeting nodes outside the skeleton dropped (nodes[3])",
                "animations[0]: lasts 3.0 s, to the end of channels it drops (its kept keys end at 1.0 s); "
                        + "the clip keeps that duration");
        GltfAsset back = reread(a);
        AnimationClip reread = back.clips().get(0);
        assertThat(reread.duration()).isEqualTo(3f);
        for (float t : new float[] {0, 0.5f, 1, 2, 3}) {
            assertThat(posed(back.character(), reread, t)).as("time %s", t)
                    .containsExactly(posed(a.character(), clip, t));
        }
    }

    /** A dropped channel whose input declares no max cannot be timed: the clip keeps its kept keys' length, with a note. */
    @Test
    void aDroppedChannelWithoutItsMaxIsLeftOutOfTheDuration() {
        TestGltf g = droppedLongChannel();
        int longIn = g.array("animations").get(0).get("samplers").get(1).get("input").intValue();
        ((ObjectNode) g.array("accessors").get(longIn)).remove("max");
        GltfAsset a = read(g);
        assertThat(a.clips().get(0).duration()).isEqualTo(1f);
        assertThat(a.warnings()).contains("animations[0].channels[1]: dropped without a declared end time (no valid "
                + "max on the input accessor); the clip's duration leaves it out");
    }

    /** The joint rotated over 1 s and a prop node outside the skeleton moved over 3 s. */
    private static TestGltf droppedLongChannel() {
        TestGltf g = TestGltf.minimalSkinned();
        g.node("prop");
        TestGltf.ints((ObjectNode) g.array("scenes").get(0), "nodes", 0, 2, 3);
        int in = g.floats("SCALAR", 0, 1);
        int out = g.floats("VEC4", 0, 0, 0, 1, 0, 0, 0.38268343f, 0.9238795f);
        int longIn = g.floats("SCALAR", 0, 3);
        int longOut = g.floats("VEC3", 0, 0, 0, 1, 2, 3);
        ObjectNode anim = g.add("animations");
        ArrayNode samplers = anim.putArray("samplers");
        samplers.addObject().put("input", in).put("output", out);
        samplers.addObject().put("input", longIn).put("output", longOut);
        ArrayNode channels = anim.putArray("channels");
        channels.addObject().put("sampler", 0).putObject("target").put("node", 1).put("path", "rotation");
        channels.addObject().put("sampler", 1).putObject("target").put("node", 3).put("path", "translation");
        return g;
    }

    /**
     * A clip declared longer than its keys is written with one more key on one channel, holding
     * its last value: a STEP rotation takes it, else the LINEAR translation, and the file reads back
     * with the clip's duration and the same poses, bit for bit, before, at and after the former
     * last key.
     */
    @Test
    void aClipLongerThanItsKeysIsWrittenWithAHoldKey() {
        Character c = read(TestGltf.minimalSkinned()).character();
        float s = (float) Math.sqrt(0.5);
        for (Interpolation interpolation : Interpolation.values()) {
            float[] values = interpolation == Interpolation.CUBICSPLINE
                    ? new float[] {0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0.3f, 0, 0, 0, 0, 0, 0, 0, s, s, 0, 0, 0.9f, 0}
                    : new float[] {0, 0, 0, 1, 0, 0, s, s};
            BoneChannel rotation = BoneChannel.of("joint", ChannelPath.ROTATION, interpolation, new float[] {0, 1},
                    values);
            BoneChannel translation = BoneChannel.of("joint", ChannelPath.TRANSLATION, Interpolation.LINEAR,
                    new float[] {0, 0.5f}, new float[] {0, 1, 0, 0.5f, 1, 0});
            AnimationClip clip = AnimationClip.of("long", List.of(rotation, translation)).withDuration(2.5f);
            Character withClip = c.withClips(List.of(clip));
            GltfAsset back = GltfReader.read(GltfWriter.toGlb(withClip), "back.glb", ResourceResolver.none());
            AnimationClip reread = back.clips().get(0);
            assertThat(reread.duration()).as("%s", interpolation).isEqualTo(2.5f);
            boolean step = interpolation == Interpolation.STEP;
            assertThat(reread.channels().get(0).times()).as("%s", interpolation)
                    .containsExactly(step ? new float[] {0, 1, 2.5f} : new float[] {0, 1});
            assertThat(reread.channels().get(1).times()).as("%s", interpolation)
                    .containsExactly(step ? new float[] {0, 0.5f} : new float[] {0, 0.5f, 2.5f});
            for (float t : new float[] {0, 0.25f, 0.5f, 0.75f, 1, 1.2f, 1.75f, 2.4f, 2.5f}) {
                assertThat(posed(back.character(), reread, t)).as("%s, time %s", interpolation, t)
                        .containsExactly(posed(withClip, clip, t));
            }
        }
    }

    /**
     * A clip of one CUBICSPLINE rotation whose last key has an out-tangent that is not zero: the
     * hold key goes on that channel, and the written clip holds the last key's pose to its end
     * (within rounding), which it would not if the former out-tangent shaped the new segment.
     */
    @Test
    void aCubicSplineHoldKeyHoldsTheLastValue() {
        Character c = read(TestGltf.minimalSkinned()).character();
        float s = (float) Math.sqrt(0.5);
        BoneChannel rotation = BoneChannel.of("joint", ChannelPath.ROTATION, Interpolation.CUBICSPLINE,
                new float[] {0, 1}, new float[] {0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0.3f, 0, 0, 0, 0, 0, 0, 0, s, s, 0, 0, 2, 0});
        AnimationClip clip = AnimationClip.of("long", List.of(rotation)).withDuration(2.5f);
        Character withClip = c.withClips(List.of(clip));
        AnimationClip reread = GltfReader.read(GltfWriter.toGlb(withClip), "back.glb", ResourceResolver.none())
                .clips().get(0);
        assertThat(reread.duration()).isEqualTo(2.5f);
        assertThat(reread.channels().get(0).times()).containsExactly(0, 1, 2.5f);
        float[] end = posed(withClip, clip, 1);
        for (float t : new float[] {0, 0.5f, 1, 1.2f, 1.75f, 2.5f}) {
            float[] expected = t >= 1 ? end : posed(withClip, clip, t);
            assertThat(posed(withClip, reread, t)).as("time %s", t).containsExactly(expected, within(1e-6f));
        }
    }

    /**
     * With a LINEAR rotation as its only bone channel, the hold key goes on the LINEAR morph weight
     * channel after it (the channels counted bone channels first, then morph channels): the file
     * reads back with the clip's duration and the same poses, bit for bit.
     */
    @Test
    void aHoldKeyGoesOnALinearMorphChannelBeforeARotation() {
        Character c = read(TestGltf.minimalSkinned()).character();
        Part body = c.parts().get(0);
        float[] deltas = new float[3 * body.mesh().vertexCount()];
        for (int i = 0; i < deltas.length; i++) {
            deltas[i] = 0.01f * (i + 1);
        }
        Part morphed = Part.of(body.name(), body.mesh().toBuilder()
                .addMorphTarget(io.github.skinmesh.core.model.MorphTarget.of("Smile", deltas, null, null))
                .morphWeights(new float[] {0}).build());
        float s = (float) Math.sqrt(0.5);
        BoneChannel rotation = BoneChannel.of("joint", ChannelPath.ROTATION, Interpolation.LINEAR, new float[] {0, 1},
                new float[] {0, 0, 0, 1, 0, 0, s, s});
        MorphChannel smile = MorphChannel.of(body.name(), 1, Interpolation.LINEAR, new float[] {0, 0.5f},
                new float[] {0, 0.8f});
        AnimationClip clip = AnimationClip.of("long", List.of(rotation), List.of(smile)).withDuration(2);
        Character withClip = Character.of(c.name(), c.skeleton(), List.of(morphed), List.of(clip));
        GltfAsset back = GltfReader.read(GltfWriter.toGlb(withClip), "back.glb", ResourceResolver.none());
        AnimationClip reread = back.clips().get(0);
        assertThat(reread.duration()).isEqualTo(2f);
        assertThat(reread.channels().get(0).times()).containsExactly(0, 1);
        assertThat(reread.morphChannels().get(0).times()).containsExactly(0, 0.5f, 2);
        for (float t : new float[] {0, 0.25f, 0.5f, 0.75f, 1, 1.5f, 2}) {
            assertThat(posed(back.character(), reread, t)).as("time %s", t).containsExactly(posed(withClip, clip, t));
        }
    }

    private static float[] posed(Character c, AnimationClip clip, float t) {
        CharacterPoser poser = CharacterPoser.bind(c, clip);
        PosedVertices out = poser.newOutput();
        poser.poseInto(t, out);
        return out.positionsInto(new float[(int) (3 * out.vertexCount())], 0);
    }

    /** A skin whose joints lie in two trees (a multi-root skeleton) has a hierarchy in each. */
    @Test
    void aSkinOverTwoTreesHasAHierarchyInEach() {
        TestGltf g = TestGltf.minimalSkinned();
        // node 3 "other" (a root, joint 1 of the skin) with an end site 4; node 5 under the joint
        ObjectNode other = g.node("other");
        TestGltf.ints(other, "children", 4);
        g.node("otherTip");
        TestGltf.ints((ObjectNode) g.array("nodes").get(1), "children", 5);
        g.node("jointTip");
        TestGltf.ints((ObjectNode) g.array("scenes").get(0), "nodes", 0, 2, 3);
        ((ArrayNode) g.array("skins").get(0).get("joints")).add(3);
        ((ObjectNode) g.array("skins").get(0)).remove("inverseBindMatrices");
        GltfAsset a = read(g);
        assertThat(a.skeleton().boneCount()).isEqualTo(5);
        assertThat(a.skeleton().parent(a.skeleton().indexOf("otherTip"))).isEqualTo(a.skeleton().indexOf("other"));
        assertThat(a.skeleton().parent(a.skeleton().indexOf("jointTip"))).isEqualTo(a.skeleton().indexOf("joint"));
        assertThat(a.skeleton().parent(a.skeleton().indexOf("other"))).isEqualTo(Skeleton.NO_PARENT);
        assertThat(a.parts().get(0).mesh().skin().boneNames()).containsExactly("joint", "other");
    }

    /**
     * Below a mesh node the hierarchy stops: a plain node there is not a bone (a mesh below it hangs
     * from the nearest bone), but an animated one is, and makes the mesh node a bone too.
     */
    @Test
    void belowAMeshNodeOnlyAnimatedNodesAreBones() {
        TestGltf g = TestGltf.minimalSkinned();
        TestGltf.ints((ObjectNode) g.array("nodes").get(1), "children", 3);
        ObjectNode sword = g.node("sword").put("mesh", 1);
        TestGltf.ints(sword, "children", 4);
        g.node("glow");
        ObjectNode rigid = g.add("meshes");
        rigid.putArray("primitives").addObject().putObject("attributes").put("POSITION", 0);
        GltfAsset still = read(g);
        assertThat(still.skeleton().boneCount()).isEqualTo(2);
        assertThat(rigid(still).get(0).attachBone()).isEqualTo("joint");
        translate(g, 4);
        GltfAsset moving = read(g);
        assertThat(moving.skeleton().boneCount()).isEqualTo(4);
        int swordBone = moving.skeleton().indexOf("sword");
        assertThat(moving.skeleton().parent(moving.skeleton().indexOf("glow"))).isEqualTo(swordBone);
        assertThat(attachBone(moving, rigid(moving).get(0))).isEqualTo(swordBone);
        assertThat(moving.clips().get(0).channels()).extracting(BoneChannel::bone).containsExactly("glow");
        assertThat(moving.warnings()).isEmpty();
        assertThat(reread(moving).character()).isEqualTo(moving.character());
    }

    @Test
    void animatedNodesOutsideTheSkeleton() {
        TestGltf g = TestGltf.minimalSkinned();
        g.sceneNode("spinner").put("mesh", 0);
        int in = g.floats("SCALAR", 0, 1);
        int out = g.floats("VEC4", 0, 0, 0, 1, 0, 0.70710677f, 0, 0.70710677f);
        ObjectNode anim = g.add("animations");
        anim.putArray("samplers").addObject().put("input", in).put("output", out).put("interpolation", "STEP");
        ArrayNode channels = anim.putArray("channels");
        channels.addObject().put("sampler", 0).putObject("target").put("node", 3).put("path", "rotation");
        channels.addObject().put("sampler", 0).putObject("target").put("node", 2).put("path", "rotation");
        GltfAsset dropped = read(g);
        assertThat(dropped.warnings()).containsExactly(
                "animations[0]: channels targeting nodes outside the skeleton dropped (nodes[3])");
        // the animated skinned node (2) became a bone, attached to itself
        assertThat(dropped.skeleton().indexOf("body")).isEqualTo(2);
        assertThat(dropped.source(0).nodeBone()).isEqualTo(2);
        assertThat(dropped.parts().get(0).attachBone()).as("a skinned part hangs from no bone").isNull();
        List<BoneChannel> channels1 = dropped.clips().get(0).channels();
        assertThat(channels1).singleElement().satisfies(c -> {
            assertThat(c.bone()).isEqualTo("body");
            assertThat(c.interpolation()).isEqualTo(Interpolation.STEP);
        });
        GltfAsset added = GltfReader.read(g.glb(), "t.glb", ResourceResolver.none(),
                GltfReadOptions.DEFAULTS.withAnimatedNodes(GltfReadOptions.AnimatedNodes.ADD_AS_BONES));
        assertThat(added.warnings()).isEmpty();
        assertThat(added.skeleton().indexOf("spinner")).isGreaterThanOrEqualTo(0);
        assertThat(rigid(added).get(0).attachBone()).isEqualTo("spinner");
        assertThat(rigid(added).get(0).hasIdentityTransform()).isTrue();
        assertThat(added.clips().get(0).channels()).hasSize(2);
    }

    /**
     * A viewer shows the default scene only: a mesh node of another scene, or of none, is still read
     * as a part, with a warning naming it; a mesh node below a node of the default scene is shown.
     */
    @Test
    void meshNodesOutsideTheDefaultSceneAreReadWithAWarning() {
        TestGltf g = TestGltf.minimalSkinned();
        g.node("lod1").put("mesh", 0).put("skin", 0); // node 3
        g.node("loose").put("mesh", 0); // node 4, in no scene
        TestGltf.ints((ObjectNode) g.array("nodes").get(1), "children", 5);
        g.node("socket").put("mesh", 0); // node 5, below the joint
        TestGltf.ints(g.add("scenes"), "nodes", 3);
        GltfAsset a = read(g);
        assertThat(a.parts()).extracting(Part::name).containsExactly("body", "lod1", "loose", "socket");
        assertThat(a.warnings()).containsExactly(
                "nodes[3]: not in the default scene, scenes[0], so a viewer does not show it; read as a part all the same",
                "nodes[4]: not in the default scene, scenes[0], so a viewer does not show it; read as a part all the same");
        g.root.put("scene", 1);
        assertThat(read(g).warnings()).containsExactly(
                "nodes[2]: not in the default scene, scenes[1], so a viewer does not show it; read as a part all the same",
                "nodes[4]: not in the default scene, scenes[1], so a viewer does not show it; read as a part all the same",
                "nodes[5]: not in the default scene, scenes[1], so a viewer does not show it; read as a part all the same");
        g.root.remove("scene");
        g.root.remove("scenes");
        assertThat(read(g).warnings()).as("without scenes nothing is said").isEmpty();
    }

    /** Channels whose path this reader does not support are dropped and do not turn their nodes into bones. */
    @Test
    void unsupportedChannelPathsMakeNoBones() {
        TestGltf g = TestGltf.minimalSkinned();
        g.sceneNode("spinner").put("mesh", 0);
        int in = g.floats("SCALAR", 0, 1);
        int out = g.floats("SCALAR", 0, 1);
        ObjectNode anim = g.add("animations");
        anim.putArray("samplers").addObject().put("input", in).put("output", out);
        ArrayNode channels = anim.putArray("channels");
        channels.addObject().put("sampler", 0).putObject("target").put("node", 2).put("path", "pointer");
        channels.addObject().put("sampler", 0).putObject("target").put("node", 3).put("path", "pointer");
        for (GltfReadOptions.AnimatedNodes mode : GltfReadOptions.AnimatedNodes.values()) {
            GltfAsset a = GltfReader.read(g.glb(), "t.glb", ResourceResolver.none(),
                    GltfReadOptions.DEFAULTS.withAnimatedNodes(mode));
            assertThat(a.skeleton().boneCount()).as(mode.name()).isEqualTo(2);
            assertThat(a.source(0).nodeBone()).as(mode.name()).isEqualTo(Index.NONE);
            assertThat(rigid(a).get(0).attachBone()).as(mode.name()).isNull();
            assertThat(a.warnings()).as(mode.name()).containsExactly(
                    "animations[0].channels[0].target.path 'pointer' is not supported; channel dropped",
                    "animations[0].channels[1].target.path 'pointer' is not supported; channel dropped",
                    "animations[0]: lasts 1.0 s, to the end of channels it drops (it keeps none); "
                            + "the clip keeps that duration");
            assertThat(a.clips().get(0).duration()).isEqualTo(1f);
        }
    }

    @Test
    void normalizedRotationOutputsAndCubicSplines() {
        TestGltf g = TestGltf.minimalSkinned();
        int in = g.floats("SCALAR", 0.5f, 1.5f);
        int rot = g.ints(TestGltf.SHORT, true, "VEC4", 0, 0, 0, 32767, 0, -32768, 0, 0);
        int cubic = g.floats("VEC3", 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 2, 2, 2, 0, 0, 0);
        ObjectNode anim = g.add("animations");
        ArrayNode samplers = anim.putArray("samplers");
        samplers.addObject().put("input", in).put("output", rot);
        samplers.addObject().put("input", in).put("output", cubic).put("interpolation", "CUBICSPLINE");
        ArrayNode channels = anim.putArray("channels");
        channels.addObject().put("sampler", 0).putObject("target").put("node", 1).put("path", "rotation");
        channels.addObject().put("sampler", 1).putObject("target").put("node", 1).put("path", "scale");
        AnimationClip clip = read(g).clips().get(0);
        BoneChannel r = clip.channels().get(0);
        assertThat(r.path()).isEqualTo(ChannelPath.ROTATION);
        assertThat(r.values()).containsExactly(0, 0, 0, 1, 0, -1, 0, 0);
        BoneChannel s = clip.channels().get(1);
        assertThat(s.interpolation()).isEqualTo(Interpolation.CUBICSPLINE);
        assertThat(s.keyCount()).isEqualTo(2);
        assertThat(clip.startTime()).isEqualTo(0.5f);
        assertThat(clip.duration()).isEqualTo(1.5f);
    }

    @Test
    void boneNamesAreMadeUnique() {
        TestGltf g = TestGltf.minimalSkinned();
        ((ObjectNode) g.array("nodes").get(1)).remove("name");
        ((ObjectNode) g.array("nodes").get(0)).put("name", "body");
        GltfAsset a = read(g);
        assertThat(a.skeleton().boneName(0)).isEqualTo("body");
        assertThat(a.skeleton().boneName(1)).isEqualTo("node1");
        assertThat(a.parts().get(0).name()).isEqualTo("body#2");
        assertThat(a.parts().get(0).mesh().skin().boneNames()).containsExactly("node1");
    }

    @Test
    void matrixNodesDecomposeAndShearWarns() {
        TestGltf g = TestGltf.minimalSkinned();
        Quaternionf q = new Quaternionf().rotateZ(0.5f);
        float[] m = new Matrix4f().translationRotateScale(1, 2, 3, q.x, q.y, q.z, q.w, 2, 2, 2).get(new float[16]);
        ObjectNode root = (ObjectNode) g.array("nodes").get(0);
        TestGltf.nums(root, "matrix", m);
        Skeleton s = read(g).skeleton();
        assertThat(s.restTranslation(0, new Vector3f()).distance(1, 2, 3)).isLessThan(MATRIX_TOLERANCE);
        assertThat(s.restScale(0, new Vector3f()).distance(2, 2, 2)).isLessThan(MATRIX_TOLERANCE);
        assertThat(s.restRotation(0, new Quaternionf()).angle() - 0.5f).isCloseTo(0f, within(MATRIX_TOLERANCE));
        m[4] = 1.5f;
        TestGltf.nums(root, "matrix", m);
        assertThat(read(g).warnings()).containsExactly("nodes[0]: matrix is not a translation-rotation-scale "
                + "(shear, projection or zero scale); rest transform approximated");
    }

    /** A node rotation slightly off unit length is renormalized in the bones' rest transforms and in mesh nodes' local matrices alike. */
    @Test
    void nearUnitNodeRotationsAreRenormalized() {
        TestGltf g = TestGltf.minimalSkinned();
        Quaternionf q = new Quaternionf().rotateY(0.8f);
        float longer = 1.0005f;
        float[] rotation = {q.x * longer, q.y * longer, q.z * longer, q.w * longer};
        TestGltf.nums((ObjectNode) g.array("nodes").get(1), "rotation", rotation);
        TestGltf.nums(g.sceneNode("prop").put("mesh", 1), "rotation", rotation);
        g.add("meshes").putArray("primitives").addObject().putObject("attributes").put("POSITION", 0);
        GltfAsset a = read(g);
        assertThat(a.warnings()).isEmpty();
        Quaternionf rest = a.skeleton().restRotation(a.skeleton().indexOf("joint"), new Quaternionf());
        assertThat(new float[] {rest.x, rest.y, rest.z, rest.w}).containsExactly(new float[] {q.x, q.y, q.z, q.w},
                within(MATRIX_TOLERANCE));
        Matrix4f local = rigid(a).get(0).transform(new Matrix4f());
        assertThat(local.equals(new Matrix4f().rotation(q), MATRIX_TOLERANCE)).as("%s", local).isTrue();
    }

    @Test
    void aMatrixBesideTranslationRotationOrScaleWarnsForBonesAndMeshNodes() {
        TestGltf g = TestGltf.minimalSkinned();
        ObjectNode root = (ObjectNode) g.array("nodes").get(0);
        TestGltf.nums(root, "matrix", new Matrix4f().translation(0, 2, 0).get(new float[16]));
        TestGltf.nums(root, "translation", 5, 5, 5);
        ObjectNode body = (ObjectNode) g.array("nodes").get(2);
        TestGltf.nums(body, "matrix", new Matrix4f().scaling(2).get(new float[16]));
        TestGltf.nums(body, "scale", 3, 3, 3);
        GltfAsset a = read(g);
        assertThat(a.warnings()).containsExactly(
                "nodes[0]: both matrix and translation/rotation/scale; the matrix is used",
                "nodes[2]: both matrix and translation/rotation/scale; the matrix is used");
        assertThat(a.skeleton().restTranslation(0, new Vector3f())).isEqualTo(new Vector3f(0, 2, 0));
        assertThat(a.source(0).nodeMatrix(new Matrix4f())).isEqualTo(new Matrix4f().scaling(2));
    }

    @Test
    void materialsReadEveryField() {
        TestGltf g = TestGltf.minimalSkinned();
        byte[] png = SyntheticAssets.png(0x112233);
        g.add("images").put("uri", "data:image/png;base64," + Base64.getEncoder().encodeToString(png));
        g.add("images").put("bufferView", g.view(SyntheticAssets.png(0x445566), 0)).put("mimeType", "image/png");
        g.add("samplers").put("magFilter", 9728).put("wrapS", 33071);
        g.add("textures").put("source", 0).put("sampler", 0);
        g.add("textures").put("source", 1);
        g.add("textures").put("source", 0);
        ObjectNode mat = g.add("materials").put("name", "skin").put("alphaMode", "MASK").put("alphaCutoff", 0.25f)
                .put("doubleSided", true);
        ObjectNode pbr = mat.putObject("pbrMetallicRoughness").put("metallicFactor", 0.5f).put("roughnessFactor", 0.25f);
        TestGltf.nums(pbr, "baseColorFactor", 0.5f, 0.6f, 0.7f, 0.8f);
        pbr.putObject("baseColorTexture").put("index", 0);
        pbr.putObject("metallicRoughnessTexture").put("index", 1).put("texCoord", 1);
        mat.putObject("normalTexture").put("index", 2).put("scale", 0.5f);
        mat.putObject("occlusionTexture").put("index", 0).put("strength", 0.75f);
        mat.putObject("emissiveTexture").put("index", 0);
        TestGltf.nums(mat, "emissiveFactor", 1, 0.5f, 0);
        ObjectNode unlit = g.add("materials").put("name", "flat").put("alphaMode", "BLEND");
        unlit.putObject("extensions").putObject("KHR_materials_unlit");
        unlit.putObject("pbrMetallicRoughness").putObject("baseColorTexture").put("index", 2);
        g.array("extensionsUsed").add("KHR_materials_unlit");
        primitive(g, 0, 0).put("material", 0);
        ArrayNode prims = (ArrayNode) g.array("meshes").get(0).get("primitives");
        prims.add(primitive(g, 0, 0).deepCopy().put("material", 1));
        GltfAsset a = read(g);
        Mesh mesh = a.parts().get(0).mesh();
        // two primitives sharing their accessors: one mesh, two submeshes, the materials in order of use
        assertThat(mesh.submeshes()).extracting(Submesh::materialIndex).containsExactly(0, 1);
        Material m = mesh.materials().get(0);
        assertThat(m.name()).isEqualTo("skin");
        assertThat(m.alphaMode()).isEqualTo(AlphaMode.MASK);
        assertThat(m.alphaCutoff()).isEqualTo(0.25f);
        assertThat(m.doubleSided()).isTrue();
        assertThat(m.metallicFactor()).isEqualTo(0.5f);
        assertThat(m.roughnessFactor()).isEqualTo(0.25f);
        assertThat(m.baseColorFactor(3)).isEqualTo(0.8f);
        assertThat(m.normalScale()).isEqualTo(0.5f);
        assertThat(m.occlusionStrength()).isEqualTo(0.75f);
        assertThat(m.emissiveFactor(1)).isEqualTo(0.5f);
        assertThat(m.texture(Material.BASE_COLOR).sampler()).isEqualTo(new Sampler(Sampler.Filter.NEAREST,
                Sampler.Filter.UNSPECIFIED, Sampler.Wrap.CLAMP_TO_EDGE, Sampler.Wrap.REPEAT));
        assertThat(m.texture(Material.METALLIC_ROUGHNESS).texCoord()).isEqualTo(1);
        assertThat(m.texture(Material.METALLIC_ROUGHNESS).image().mimeType()).isEqualTo("image/png");
        assertThat(m.textures().keySet()).containsExactly("baseColor", "metallicRoughness", "normal", "occlusion",
                "emissive");
        Material flat = mesh.materials().get(1);
        assertThat(flat.template()).isEqualTo(Material.TEMPLATE_UNLIT);
        assertThat(flat.texture(Material.BASE_COLOR).image()).isSameAs(m.texture(Material.NORMAL).image())
                .isSameAs(m.texture(Material.BASE_COLOR).image());
        assertThat(a.images()).hasSize(2);
        assertThat(a.warnings()).isEmpty();
    }

    /** Declared attributes come in a fixed order whatever the JSON's key order: sets by number, pairs together. */
    @Test
    void declaredAttributesHaveAFixedOrder() {
        ObjectNode attrs = JsonNodeFactory.instance.objectNode();
        for (String name : List.of("_b", "WEIGHTS_1", "TEXCOORD_10", "JOINTS_1", "COLOR_0", "TEXCOORD_2", "_A",
                "WEIGHTS_0", "TANGENT", "JOINTS_0", "NORMAL", "POSITION", "TEXCOORD_0", "COLOR_1",
                "TEXCOORD_99999999999999999999")) {
            attrs.put(name, 0);
        }
        assertThat(PrimitiveImport.declaredAttributes(attrs)).containsExactly("POSITION", "NORMAL", "TANGENT",
                "TEXCOORD_0", "TEXCOORD_2", "TEXCOORD_10", "COLOR_0", "COLOR_1", "JOINTS_0", "WEIGHTS_0", "JOINTS_1",
                "WEIGHTS_1", "TEXCOORD_99999999999999999999", "_A", "_b");
        assertThat(PrimitiveImport.declaredAttributes(null)).isEmpty();
        assertThat(PrimitiveImport.declaredAttributes(JsonNodeFactory.instance.textNode("x"))).isEmpty();
    }

    /**
     * A mesh of three primitives: the first and the third share every accessor (so their vertices),
     * the second has its own POSITION and JOINTS/WEIGHTS, no NORMAL but a TEXCOORD_0 and a custom
     * attribute. One core mesh: the shared vertices, then the second primitive's, one submesh per
     * primitive in primitive order, the streams each lacks filled, with warnings naming the node and
     * the primitives.
     */
    @Test
    void primitivesWithOtherAccessorsAreAppendedAndWhatTheyLackIsFilled() {
        TestGltf g = TestGltf.minimalSkinned();
        attributes(g).put("NORMAL", g.floats("VEC3", 0, 0, 1, 0, 0, 1, 0, 0, 1));
        ObjectNode second = primitive(g, 0, 0).deepCopy();
        ObjectNode attrs = (ObjectNode) second.get("attributes");
        attrs.remove("NORMAL");
        attrs.put("POSITION", g.floats("VEC3", 0, 0, 0, 2, 0, 0, 2, 2, 0, 0, 2, 0));
        attrs.put("JOINTS_0", g.ints(TestGltf.UNSIGNED_BYTE, false, "VEC4", new int[16]));
        attrs.put("WEIGHTS_0", g.floats("VEC4", 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0));
        attrs.put("TEXCOORD_0", g.floats("VEC2", 0, 0, 1, 0, 1, 1, 0, 1));
        attrs.put("_HEAT", g.floats("SCALAR", 1, 2, 3, 4));
        second.put("indices", g.ints(TestGltf.UNSIGNED_BYTE, false, "SCALAR", 0, 1, 2, 0, 2, 3));
        ObjectNode third = primitive(g, 0, 0).deepCopy();
        third.put("indices", g.ints(TestGltf.UNSIGNED_BYTE, false, "SCALAR", 2, 1, 0));
        g.add("materials").put("name", "a");
        g.add("materials").put("name", "b");
        primitive(g, 0, 0).put("material", 0);
        second.put("material", 1);
        third.put("material", 0);
        ArrayNode prims = (ArrayNode) g.array("meshes").get(0).get("primitives");
        prims.add(second);
        prims.add(third);
        GltfAsset a = read(g);
        Mesh m = a.parts().get(0).mesh();
        assertThat(m.vertexCount()).isEqualTo(7);
        assertThat(m.indices()).containsExactly(0, 1, 2, 3, 4, 5, 3, 5, 6, 2, 1, 0);
        assertThat(m.submeshes()).containsExactly(new Submesh(0, 3, 0), new Submesh(3, 6, 1), new Submesh(9, 3, 0));
        assertThat(m.materials()).extracting(Material::name).containsExactly("a", "b");
        // each primitive lists its own attributes, not the streams joining filled in
        List<String> first = List.of("POSITION", "NORMAL", "JOINTS_0", "WEIGHTS_0");
        assertThat(a.source(0).primitives()).containsExactly(new PartSource.Primitive(0, 0, 3, first),
                new PartSource.Primitive(1, 3, 4, List.of("POSITION", "TEXCOORD_0", "JOINTS_0", "WEIGHTS_0", "_HEAT")),
                new PartSource.Primitive(2, 0, 3, first));
        assertThat(m.positions()).containsExactly(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 2, 2, 0, 0, 2, 0);
        // filled: normals of the second primitive from its triangles (the +Z plane), UVs and the attribute of the first
        float[] normals = m.normals();
        for (int v = 3; v < 7; v++) {
            assertThat(new float[] {normals[3 * v], normals[3 * v + 1], normals[3 * v + 2]}).containsExactly(0, 0, 1);
        }
        assertThat(m.uvs(0)).containsExactly(0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1);
        assertThat(m.attribute("HEAT").values()).containsExactly(0, 0, 0, 1, 2, 3, 4);
        assertThat(m.skin().weights().vertexCount()).isEqualTo(7);
        assertThat(a.warnings()).containsExactly(
                "nodes[2]: concat: mesh 1 'meshes[0].primitives[1]' has no normals; computed from its triangles "
                        + "(area- and angle-weighted)",
                "nodes[2]: concat: mesh 0 'meshes[0].primitives[0, 2]' has 0 UV channels of 1; channel 0 filled with "
                        + "(0, 0)",
                "nodes[2]: concat: mesh 0 'meshes[0].primitives[0, 2]' has no vertex attribute 'HEAT'; filled with "
                        + "zeros");
        assertThat(m.name()).isEmpty();
    }

    /** A mesh used by two nodes with and without a skin: decoded for each, with the same primitive ranges. */
    @Test
    void aMeshOnASkinnedAndARigidNodeIsDecodedForEach() {
        TestGltf g = TestGltf.minimalSkinned();
        g.node("prop").put("mesh", 0);
        GltfAsset a = read(g);
        assertThat(a.parts()).extracting(Part::isSkinned).containsExactly(true, false);
        assertThat(a.parts().get(1).mesh().skin()).isNull();
        assertThat(a.source(1).primitives()).isEqualTo(a.source(0).primitives());
        assertThat(a.source(1).mesh()).isEqualTo(a.source(0).mesh());
    }

    /**
     * Custom attributes {@code _NAME} become extra vertex attributes {@code NAME}: floats as they
     * are, normalized integers by the specification's formulas, other integers as their values;
     * a matrix type and a name that is not an attribute name are skipped with a warning.
     */
    @Test
    void customAttributesBecomeExtraVertexAttributes() {
        TestGltf g = TestGltf.minimalSkinned();
        attributes(g).put("_TEMPERATURE", g.floats("SCALAR", 20.5f, -3, 100));
        attributes(g).put("_UV8", g.ints(TestGltf.UNSIGNED_BYTE, true, "VEC2", 0, 255, 51, 102, 255, 0));
        attributes(g).put("_IDS", g.ints(TestGltf.SHORT, false, "VEC4", -1, 2, 300, -32768, 0, 0, 0, 0, 7, 8, 9, 10));
        attributes(g).put("_DIR", g.ints(TestGltf.BYTE, true, "VEC3", 127, -128, 0, 0, 64, -127, 1, 1, 1));
        attributes(g).put("_FRAME", g.floats("MAT2", new float[12]));
        attributes(g).put("_", g.floats("SCALAR", 0, 0, 0));
        attributes(g).put("_A B", g.floats("SCALAR", 0, 0, 0));
        GltfAsset a = read(g);
        Mesh m = a.parts().get(0).mesh();
        assertThat(m.attributes()).extracting(VertexAttribute::name).containsExactly("TEMPERATURE", "UV8", "IDS", "DIR");
        assertThat(m.attribute("TEMPERATURE").values()).containsExactly(20.5f, -3, 100);
        assertThat(m.attribute("UV8").componentCount()).isEqualTo(2);
        assertThat(m.attribute("UV8").values()).containsExactly(0, 1, 0.2f, 0.4f, 1, 0);
        assertThat(m.attribute("IDS").values()).containsExactly(-1, 2, 300, -32768, 0, 0, 0, 0, 7, 8, 9, 10);
        assertThat(m.attribute("DIR").values()).containsExactly(1, -1, 0, 0, 64 / 127f, -1, 1 / 127f, 1 / 127f,
                1 / 127f);
        assertThat(a.warnings()).hasSize(3);
        assertThat(a.warnings().get(0)).isEqualTo("meshes[0].primitives[0].attributes._FRAME (accessors[9]): type MAT2 "
                + "has no vertex attribute form (1 to 4 components); attribute skipped");
        assertThat(a.warnings().get(1)).startsWith("meshes[0].primitives[0].attributes._: vertex attribute: name is "
                + "empty").endsWith("; attribute skipped");
        assertThat(a.warnings().get(2)).startsWith("meshes[0].primitives[0].attributes._A B: vertex attribute 'A B': "
                + "name character 1 (U+0020) is whitespace").endsWith("; attribute skipped");
        // written back as FLOAT _NAME attributes, they read back the same
        assertThat(reread(a).parts().get(0).mesh().attributes()).isEqualTo(m.attributes());
    }

    @Test
    void nonIndexedPrimitivesGetSequentialIndices() {
        TestGltf g = TestGltf.minimalSkinned();
        primitive(g, 0, 0).remove("indices");
        assertThat(read(g).parts().get(0).mesh().indices()).containsExactly(0, 1, 2);
    }
}
