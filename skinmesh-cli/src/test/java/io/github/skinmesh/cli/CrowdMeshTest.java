package io.github.skinmesh.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.atlas.image.Png;
import io.github.skinmesh.core.SkinMeshException;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.core.model.Sampler;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.TextureRef;
import io.github.skinmesh.testkit.SplitMix64;
import io.github.skinmesh.testkit.random.RandomMeshOptions;
import io.github.skinmesh.testkit.random.RandomModels;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The crowd page's mesh: every triangle corner keeps its vertex's position, normal, joints and
 * weights and takes its submesh's material color (a vertex shared by two colors is split), and
 * the material colors are the factor times the texture's mean in linear light.
 */
class CrowdMeshTest {
    @Property(tries = 40, seed = "13")
    void everyCornerKeepsItsVertexAndTakesItsSubmeshColor(@ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int k,
            @ForAll @IntRange(min = 1, max = 4) int submeshes) {
        SplitMix64 rng = new SplitMix64(seed);
        var skeleton = RandomModels.skeleton(rng, 6);
        Mesh mesh = RandomModels.skinnedMesh(rng, skeleton, RandomMeshOptions.DEFAULTS.withVertexCount(50)
                .withTriangleCount(70).withInfluencesPerVertex(k).withSubmeshes(submeshes));
        Mesh.Builder b = mesh.toBuilder().clearMaterials();
        for (int m = 0; m < submeshes; m++) {
            b.addMaterial(Material.builder("m" + m).baseColorFactor(rng.nf(), rng.nf(), rng.nf(), 1).build());
        }
        mesh = b.build();
        Mesh second = RandomModels.skinnedMesh(rng, skeleton, RandomMeshOptions.DEFAULTS.withVertexCount(20)
                .withTriangleCount(10).withInfluencesPerVertex(Math.min(4, k)));
        List<Part> parts = List.of(Part.of("a", mesh), Part.of("b", second));

        CrowdMesh out = CrowdMesh.of(parts);
        int slots = k <= 4 ? 4 : 8;
        assertThat(out.influences()).isEqualTo(slots);
        float[] positions = CrowdFixtures.floats(out.positionStream());
        float[] normals = CrowdFixtures.floats(out.normalStream());
        float[] weights = CrowdFixtures.floats(out.weightStream());
        byte[] joints = out.jointStream();
        byte[] colors = out.colorStream();
        int[] indices = indices(out);
        assertThat(indices).hasSize(mesh.indexCount() + second.indexCount());
        Set<Long> pairs = new HashSet<>();
        int corner = 0;
        for (int p = 0; p < parts.size(); p++) {
            Mesh m = parts.get(p).mesh();
            float[] srcPositions = m.positions();
            float[] srcNormals = m.normals();
            BoneWeights w = m.skin().weights();
            for (Submesh s : m.submeshes()) {
                int rgb = CrowdMesh.materialColor(m.materials().get(s.materialIndex()), new ArrayList<>());
                for (int i = s.firstIndex(); i < s.firstIndex() + s.indexCount(); i++, corner++) {
                    int o = indices[corner];
                    int v = m.index(i);
                    pairs.add((long) p << 56 | (long) v << 24 | rgb);
                    for (int c = 0; c < 3; c++) {
                        assertThat(positions[3 * o + c]).isEqualTo(srcPositions[3 * v + c]);
                        assertThat(normals[3 * o + c]).isEqualTo(srcNormals[3 * v + c]);
                    }
                    assertThat(((colors[4 * o] & 0xff) << 16) | ((colors[4 * o + 1] & 0xff) << 8)
                            | (colors[4 * o + 2] & 0xff)).isEqualTo(rgb);
                    for (int slot = 0; slot < slots; slot++) {
                        boolean used = slot < w.influencesPerVertex();
                        assertThat(joints[slots * o + slot] & 0xff).isEqualTo(used ? w.joint(v, slot) : 0);
                        assertThat(weights[slots * o + slot]).isEqualTo(used ? w.weight(v, slot) : 0);
                    }
                }
            }
        }
        // one output vertex per (part, vertex, color) used, no more
        assertThat(out.vertexCount()).isEqualTo(pairs.size());
    }

    @Test
    void aColorFactorIsEncodedAsSrgb() {
        Material red = Material.builder("red").baseColorFactor(0.8f, 0.1f, 0.1f, 1).build();
        // 0.8 linear is 0.9064 sRGB (231 of 255), 0.1 is 0.3492 (89)
        assertThat(CrowdMesh.materialColor(red, new ArrayList<>())).isEqualTo(231 << 16 | 89 << 8 | 89);
    }

    @Test
    void aPngTextureContributesItsMeanInLinearLight() {
        // half the texels black, half white: the mean is 0.5 in linear light, 0.7354 sRGB (188)
        byte[] rgba = new byte[4 * 4];
        for (int t = 0; t < 4; t++) {
            byte v = (byte) (t % 2 == 0 ? 0 : 255);
            rgba[4 * t] = v;
            rgba[4 * t + 1] = v;
            rgba[4 * t + 2] = v;
            rgba[4 * t + 3] = (byte) 255;
        }
        Image png = Image.of("checker", Png.MIME_TYPE, Png.encodeRgba8(2, 2, rgba));
        Material m = Material.builder("cloth").texture(Material.BASE_COLOR, new TextureRef(png, 0, Sampler.DEFAULT))
                .baseColorFactor(1, 0.5f, 1, 1).build();
        List<String> warnings = new ArrayList<>();
        int rgb = CrowdMesh.materialColor(m, warnings);
        assertThat(rgb >>> 16).isEqualTo(188);
        // times a factor of 0.5 in green: 0.25 linear, 0.5371 sRGB (137)
        assertThat(rgb >>> 8 & 0xff).isEqualTo(137);
        assertThat(rgb & 0xff).isEqualTo(188);
        assertThat(warnings).isEmpty();
    }

    @Test
    void aTextureThatIsNotPngLeavesTheFactorAndSaysSo() {
        Image jpeg = Image.of("photo", "image/jpeg", new byte[] {(byte) 0xff, (byte) 0xd8, (byte) 0xff});
        Material m = Material.builder("skin").texture(Material.BASE_COLOR, new TextureRef(jpeg, 0, Sampler.DEFAULT))
                .build();
        List<String> warnings = new ArrayList<>();
        assertThat(CrowdMesh.materialColor(m, warnings)).isEqualTo(0xffffff);
        assertThat(warnings).singleElement().asString().contains("material 'skin'").contains("'photo'")
                .contains("image/jpeg").contains("color factor alone");
    }

    @Test
    void aBrokenPngLeavesTheFactorAndSaysSo() {
        Image broken = Image.of("broken", Png.MIME_TYPE, new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        Material m = Material.builder("skin").texture(Material.BASE_COLOR, new TextureRef(broken, 0, Sampler.DEFAULT))
                .baseColorFactor(0, 0, 0, 1).build();
        List<String> warnings = new ArrayList<>();
        assertThat(CrowdMesh.materialColor(m, warnings)).isZero();
        assertThat(warnings).singleElement().asString().contains("'broken'").contains("cannot be decoded");
    }

    @Test
    void indicesAreThirtyTwoBitsBeyond65535Vertices() {
        SplitMix64 rng = new SplitMix64(9);
        var skeleton = RandomModels.skeleton(rng, 2);
        Mesh big = RandomModels.skinnedMesh(rng, skeleton, RandomMeshOptions.DEFAULTS.withVertexCount(70_000)
                .withTriangleCount(100_000).withUvChannels(0));
        CrowdMesh out = CrowdMesh.of(List.of(Part.of("big", big)));
        assertThat(out.vertexCount()).isGreaterThan(0xffff);
        assertThat(out.indexBytes()).isEqualTo(4);
        assertThat(out.indexStream()).hasSize(4 * big.indexCount());
        int[] indices = indices(out);
        assertThat(java.util.Arrays.stream(indices).max().getAsInt()).isLessThan(out.vertexCount());
        assertThat(java.util.Arrays.stream(indices).min().getAsInt()).isNotNegative();
    }

    @Test
    void aRigidPartIsRefused() {
        Character c = CrowdFixtures.random(2, 2, 4, true);
        Mesh rigid = c.parts().get(0).mesh().toBuilder().skin(null).build();
        assertThatThrownBy(() -> CrowdMesh.of(List.of(Part.of("prop", rigid)))).isInstanceOf(SkinMeshException.class)
                .hasMessage("part 'prop' is not skinned; a crowd draws skinned meshes");
    }

    private static int[] indices(CrowdMesh mesh) {
        ByteBuffer b = ByteBuffer.wrap(mesh.indexStream()).order(ByteOrder.LITTLE_ENDIAN);
        int[] out = new int[mesh.indexCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = mesh.indexBytes() == 2 ? b.getShort() & 0xffff : b.getInt();
        }
        return out;
    }
}
