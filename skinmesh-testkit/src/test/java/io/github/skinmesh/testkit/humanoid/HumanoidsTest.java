package io.github.skinmesh.testkit.humanoid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import io.github.skinmesh.atlas.image.Png;
import io.github.skinmesh.atlas.image.PngCompression;
import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.AlphaMode;
import io.github.skinmesh.core.model.AnimationClip;
import io.github.skinmesh.core.model.BoneChannel;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.ChannelPath;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Interpolation;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphChannel;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.testkit.ReferenceSkinning;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class HumanoidsTest {
    /** Float sum of four normalized weights. */
    private static final float WEIGHT_SUM_TOLERANCE = 1e-6f;
    /** Length of float unit vectors. */
    private static final double UNIT_TOLERANCE = 1e-5;
    /** Tangent against normal. */
    private static final double ORTHOGONAL_TOLERANCE = 1e-4;
    /** Elements of {@code restModel * inverseBind} against identity (meter-sized matrices). */
    private static final double BIND_TOLERANCE = 1e-5;
    /** Skinned bind-pose positions against the input, meters. */
    private static final double POSITION_TOLERANCE = 1e-5;
    /** Shares of vertices or triangles that may miss a geometric heuristic (seams, poles, concave spots). */
    private static final double OUTWARD_SHARE = 0.95;

    private static final Humanoid DEFAULT = Humanoids.generate(42);

    // ---- skeleton ----

    @Test
    void skeletonHasMoreThanFortyUniqueBonesParentsFirstWithFingers() {
        Skeleton s = DEFAULT.skeleton();
        assertThat(s.boneCount()).isGreaterThanOrEqualTo(40).isEqualTo(53);
        Set<String> names = new HashSet<>();
        for (int b = 0; b < s.boneCount(); b++) {
            assertThat(names.add(s.boneName(b))).isTrue();
            assertThat(s.parent(b)).isLessThan(b);
        }
        for (String side : new String[] {"Left", "Right"}) {
            for (String finger : new String[] {"Thumb", "Index", "Middle", "Ring", "Pinky"}) {
                for (int k = 1; k <= 3; k++) {
                    int bone = s.requireIndex(side + "Hand" + finger + k);
                    String parent = k == 1 ? side + "Hand" : side + "Hand" + finger + (k - 1);
                    assertThat(s.boneName(s.parent(bone))).isEqualTo(parent);
                }
            }
            for (String bone : new String[] {"Shoulder", "Arm", "ForeArm", "Hand", "UpLeg", "Leg", "Foot", "ToeBase"}) {
                assertThat(s.indexOf(side + bone)).isNotNegative();
            }
        }
        for (String bone : new String[] {"Hips", "Spine", "Spine1", "Spine2", "Neck", "Head", "HeadTop"}) {
            assertThat(s.indexOf(bone)).isNotNegative();
        }
        assertThat(s.parent(0)).isEqualTo(Skeleton.NO_PARENT);
    }

    @Test
    void restPoseIsAStandingFigureFacingForward() {
        double[][] m = ReferenceSkinning.restModels(DEFAULT.skeleton());
        Skeleton s = DEFAULT.skeleton();
        double h = DEFAULT.height();
        assertThat(h).isBetween(1.55, 1.95);
        assertThat(y(m, s, "Head")).isBetween(0.8 * h, h);
        assertThat(y(m, s, "Hips")).isBetween(0.45 * h, 0.6 * h);
        assertThat(y(m, s, "LeftFoot")).isBetween(0.0, 0.08 * h);
        assertThat(m[s.indexOf("LeftHand")][12]).isPositive(); // left side at +X
        assertThat(m[s.indexOf("RightHand")][12]).isNegative();
        assertThat(m[s.indexOf("LeftToeBase")][14]).isGreaterThan(m[s.indexOf("LeftFoot")][14]); // toes point +Z
        // A-pose: hands well below the shoulders; T-pose: level with them
        assertThat(y(m, s, "LeftHand")).isLessThan(y(m, s, "LeftArm") - 0.1 * h);
        Humanoid t = Humanoids.generate(42, HumanoidOptions.DEFAULTS.withRestPose(RestPose.T_POSE));
        double[][] mt = ReferenceSkinning.restModels(t.skeleton());
        assertThat(y(mt, s, "LeftHand")).isCloseTo(y(mt, s, "LeftArm"), offset(1e-4));
    }

    private static double y(double[][] models, Skeleton s, String bone) {
        return models[s.requireIndex(bone)][13];
    }

    @Test
    void restModelFramesAndSoInverseBindMatricesAreFarFromIdentity() {
        double[][] models = ReferenceSkinning.restModels(DEFAULT.skeleton());
        int turned = 0;
        for (double[] m : models) {
            // trace of the rotation 1 + 2 cos(angle): below 2.9 means turned by more than about 18 degrees
            if (m[0] + m[5] + m[10] < 2.9) {
                turned++;
            }
        }
        assertThat(turned).isGreaterThan(models.length / 2);
    }

    // ---- parts ----

    @Test
    void sixNamedPartsOfHundredsToThousandsOfVertices() {
        assertThat(DEFAULT.parts()).hasSize(HumanoidPart.values().length).hasSizeGreaterThanOrEqualTo(6);
        for (HumanoidPart part : HumanoidPart.values()) {
            Mesh m = DEFAULT.part(part);
            assertThat(m.name()).isEqualTo(part.meshName());
            assertThat(m.vertexCount()).as(part.name()).isBetween(300, 5000);
            assertThat(m.hasNormals()).isTrue();
            assertThat(m.hasTangents()).isTrue();
            assertThat(m.uvChannelCount()).isEqualTo(1);
            assertThat(m.submeshes()).hasSize(1);
            assertThat(m.materials()).hasSize(1);
        }
        assertThat(DEFAULT.vertexCount()).isBetween(5000, 20000);
        assertThat(DEFAULT.triangleCount()).isEqualTo(DEFAULT.parts().stream().mapToInt(Mesh::triangleCount).sum());
    }

    @Property(tries = 6, seed = "4242")
    void everyPartIsValidlySkinnedAgainstTheSkeleton(@ForAll long seed) {
        Humanoid h = Humanoids.generate(seed);
        Skeleton s = h.skeleton();
        for (Mesh m : h.parts()) {
            Skin skin = m.skin();
            assertThat(skin).as(m.name()).isNotNull();
            int[] bones = skin.bind(s); // throws if a palette bone is missing
            assertThat(new HashSet<>(java.util.Arrays.asList(skin.boneNames()))).hasSize(bones.length);
            BoneWeights w = skin.weights();
            assertThat(w.influencesPerVertex()).isEqualTo(4);
            boolean[] used = new boolean[bones.length];
            for (int v = 0; v < m.vertexCount(); v++) {
                float sum = 0;
                for (int k = 0; k < 4; k++) {
                    float weight = w.weight(v, k);
                    sum += weight;
                    assertThat(w.joint(v, k)).isBetween(0, bones.length - 1);
                    if (weight > 0) {
                        used[w.joint(v, k)] = true;
                    }
                }
                assertThat(Math.abs(sum - 1)).as("%s vertex %d sum %s", m.name(), v, sum)
                        .isLessThanOrEqualTo(WEIGHT_SUM_TOLERANCE);
            }
            for (int e = 0; e < bones.length; e++) {
                assertThat(used[e]).as("%s palette entry %s carries weight", m.name(), skin.boneName(e)).isTrue();
            }
        }
    }

    @Test
    void weightsStayOnBonesNearEachPart() {
        Map<HumanoidPart, String> forbidden = Map.of(HumanoidPart.HAIR, "Hips", HumanoidPart.HEAD, "LeftHand",
                HumanoidPart.TORSO, "LeftUpLeg", HumanoidPart.LEGS, "Neck", HumanoidPart.HANDS, "Spine2",
                HumanoidPart.SHOES, "Hips");
        forbidden.forEach((part, bone) -> assertThat(DEFAULT.part(part).skin().boneNames()).doesNotContain(bone));
        assertThat(DEFAULT.part(HumanoidPart.HANDS).skin().boneNames()).contains("LeftHandPinky3", "RightHandThumb1");
        assertThat(DEFAULT.part(HumanoidPart.SHOES).skin().boneNames()).contains("LeftToeBase", "RightFoot");
        assertThat(DEFAULT.part(HumanoidPart.HAIR).skin().boneNames()).contains("Head");
    }

    @Test
    void palettesDifferInSubsetAndOrderBetweenParts() {
        List<List<String>> palettes = new ArrayList<>();
        for (Mesh m : DEFAULT.parts()) {
            palettes.add(List.of(m.skin().boneNames()));
        }
        for (int a = 0; a < palettes.size(); a++) {
            for (int b = a + 1; b < palettes.size(); b++) {
                assertThat(new HashSet<>(palettes.get(a))).isNotEqualTo(new HashSet<>(palettes.get(b)));
                assertThat(palettes.get(a)).isNotEqualTo(palettes.get(b));
            }
        }
        // shuffled: the big palettes are not in skeleton order
        Skeleton s = DEFAULT.skeleton();
        for (HumanoidPart part : new HumanoidPart[] {HumanoidPart.TORSO, HumanoidPart.HANDS, HumanoidPart.LEGS}) {
            assertThat(isAscending(DEFAULT.part(part).skin().bind(s))).as(part.name()).isFalse();
        }
        Humanoid ordered = Humanoids.generate(42, HumanoidOptions.DEFAULTS.withPaletteOrder(PaletteOrder.SKELETON));
        for (Mesh m : ordered.parts()) {
            assertThat(isAscending(m.skin().bind(ordered.skeleton()))).as(m.name()).isTrue();
            assertThat(new HashSet<>(List.of(m.skin().boneNames())))
                    .isEqualTo(new HashSet<>(List.of(DEFAULT.part(HumanoidPart.valueOf(m.name().toUpperCase(
                            java.util.Locale.ROOT))).skin().boneNames())));
        }
    }

    private static boolean isAscending(int[] a) {
        for (int i = 1; i < a.length; i++) {
            if (a[i] <= a[i - 1]) {
                return false;
            }
        }
        return true;
    }

    @Test
    void inverseBindMatricesInvertTheRestModelMatrices() {
        double[][] models = ReferenceSkinning.restModels(DEFAULT.skeleton());
        for (Mesh m : DEFAULT.parts()) {
            double[][] skins = ReferenceSkinning.skinMatrices(m.skin(), DEFAULT.skeleton(), models);
            for (double[] product : skins) {
                for (int i = 0; i < 16; i++) {
                    assertThat(product[i]).as(m.name()).isCloseTo(i % 5 == 0 ? 1 : 0, offset(BIND_TOLERANCE));
                }
            }
        }
    }

    @Test
    void bindPoseSkinnedWithTheRestPoseReturnsThePositions() {
        double[][] models = ReferenceSkinning.restModels(DEFAULT.skeleton());
        for (Mesh m : DEFAULT.parts()) {
            double[] skinned = ReferenceSkinning.skinPositions(m,
                    ReferenceSkinning.skinMatrices(m.skin(), DEFAULT.skeleton(), models));
            float[] p = m.positions();
            for (int i = 0; i < p.length; i++) {
                assertThat(skinned[i]).as("%s component %d", m.name(), i).isCloseTo(p[i], offset(POSITION_TOLERANCE));
            }
        }
    }

    @Test
    void normalsAndTangentsAreUnitOrthogonalAndHanded() {
        for (Mesh m : DEFAULT.parts()) {
            float[] n = m.normals();
            float[] t = m.tangents();
            for (int v = 0; v < m.vertexCount(); v++) {
                double nl = Math.sqrt(n[3 * v] * n[3 * v] + n[3 * v + 1] * n[3 * v + 1] + n[3 * v + 2] * n[3 * v + 2]);
                double tl = Math.sqrt(t[4 * v] * t[4 * v] + t[4 * v + 1] * t[4 * v + 1] + t[4 * v + 2] * t[4 * v + 2]);
                double dot = n[3 * v] * t[4 * v] + n[3 * v + 1] * t[4 * v + 1] + n[3 * v + 2] * t[4 * v + 2];
                assertThat(nl).as("%s vertex %d normal", m.name(), v).isCloseTo(1, offset(UNIT_TOLERANCE));
                assertThat(tl).as("%s vertex %d tangent", m.name(), v).isCloseTo(1, offset(UNIT_TOLERANCE));
                assertThat(Math.abs(dot)).as("%s vertex %d", m.name(), v).isLessThan(ORTHOGONAL_TOLERANCE);
                assertThat(Math.abs(t[4 * v + 3])).isEqualTo(1f);
            }
        }
        // the mirrored UV islands of the right glove and shoe flip the handedness
        for (HumanoidPart part : new HumanoidPart[] {HumanoidPart.HANDS, HumanoidPart.SHOES, HumanoidPart.TORSO}) {
            float[] t = DEFAULT.part(part).tangents();
            Set<Float> signs = new HashSet<>();
            for (int v = 0; v < t.length / 4; v++) {
                signs.add(t[4 * v + 3]);
            }
            assertThat(signs).as(part.name()).containsExactlyInAnyOrder(1f, -1f);
        }
    }

    @Test
    void normalsPointOutwardsOfEachConnectedSurface() {
        for (Mesh m : DEFAULT.parts()) {
            float[] p = m.positions();
            float[] n = m.normals();
            for (int[] component : MeshTopology.components(m)) {
                double[] c = new double[3];
                for (int v : component) {
                    for (int k = 0; k < 3; k++) {
                        c[k] += p[3 * v + k] / component.length;
                    }
                }
                int outward = 0;
                for (int v : component) {
                    double dot = 0;
                    for (int k = 0; k < 3; k++) {
                        dot += (p[3 * v + k] - c[k]) * n[3 * v + k];
                    }
                    if (dot > 0) {
                        outward++;
                    }
                }
                assertThat((double) outward / component.length).as(m.name()).isGreaterThan(OUTWARD_SHARE);
            }
        }
    }

    @Test
    void trianglesAreCounterClockwiseSeenFromTheNormalSide() {
        for (Mesh m : DEFAULT.parts()) {
            float[] p = m.positions();
            float[] n = m.normals();
            int[] idx = m.indices();
            int agreeing = 0;
            for (int t = 0; t < idx.length; t += 3) {
                double[] face = MeshTopology.faceNormal(p, idx[t], idx[t + 1], idx[t + 2]);
                double dot = 0;
                for (int k = 0; k < 3; k++) {
                    dot += face[k] * (n[3 * idx[t] + k] + n[3 * idx[t + 1] + k] + n[3 * idx[t + 2] + k]);
                }
                if (dot > 0) {
                    agreeing++;
                }
            }
            assertThat((double) agreeing / (idx.length / 3)).as(m.name()).isGreaterThan(0.99);
        }
    }

    @Test
    void partsOtherThanHairAreClosedSurfacesOfPositiveVolume() {
        for (Mesh m : DEFAULT.parts()) {
            Map<Long, Integer> edges = MeshTopology.weldedEdgeUses(m);
            long open = edges.values().stream().filter(uses -> uses != 2).count();
            if (m.name().equals(HumanoidPart.HAIR.meshName())) {
                assertThat(open).as("the hairline is open").isPositive();
                continue;
            }
            assertThat(open).as("%s edges not shared by exactly two triangles", m.name()).isZero();
            for (int[] component : MeshTopology.triangleComponents(m)) {
                assertThat(MeshTopology.signedVolume(m, component)).as(m.name()).isPositive();
            }
        }
        assertThat(MeshTopology.triangleComponents(DEFAULT.part(HumanoidPart.HANDS))).hasSize(12);
        assertThat(MeshTopology.triangleComponents(DEFAULT.part(HumanoidPart.SHOES))).hasSize(2);
    }

    @Test
    void tangentsFollowTheUvDirections() {
        for (Mesh m : DEFAULT.parts()) {
            float[] p = m.positions();
            float[] n = m.normals();
            float[] t = m.tangents();
            float[] uv = m.uvs(0);
            int[] idx = m.indices();
            int checked = 0;
            int agreeing = 0;
            for (int i = 0; i < idx.length; i += 3) {
                double[] tb = MeshTopology.uvTangentFrame(p, uv, idx[i], idx[i + 1], idx[i + 2]);
                if (tb == null) {
                    continue;
                }
                for (int c = 0; c < 3; c++) {
                    int v = idx[i + c];
                    double tDot = t[4 * v] * tb[0] + t[4 * v + 1] * tb[1] + t[4 * v + 2] * tb[2];
                    // bitangent = cross(n, t) * w
                    double bx = (n[3 * v + 1] * t[4 * v + 2] - n[3 * v + 2] * t[4 * v + 1]) * t[4 * v + 3];
                    double by = (n[3 * v + 2] * t[4 * v] - n[3 * v] * t[4 * v + 2]) * t[4 * v + 3];
                    double bz = (n[3 * v] * t[4 * v + 1] - n[3 * v + 1] * t[4 * v]) * t[4 * v + 3];
                    double bDot = bx * tb[3] + by * tb[4] + bz * tb[5];
                    checked++;
                    if (tDot > 0 && bDot > 0) {
                        agreeing++;
                    }
                }
            }
            assertThat(checked).isPositive();
            assertThat((double) agreeing / checked).as(m.name()).isGreaterThan(OUTWARD_SHARE);
        }
    }

    @Test
    void uvsStayInsideTheTexture() {
        for (Mesh m : DEFAULT.parts()) {
            for (float u : m.uvs(0)) {
                assertThat(u).as(m.name()).isBetween(0f, 1f);
            }
        }
    }

    @Test
    void skinningTheWalkKeepsEdgesUnbroken() {
        for (float time : new float[] {0.1f, 0.3f, 0.6f}) {
            double[][] models = pose(DEFAULT, DEFAULT.walk(), time);
            for (Mesh m : DEFAULT.parts()) {
                double[] skinned = ReferenceSkinning.skinPositions(m,
                        ReferenceSkinning.skinMatrices(m.skin(), DEFAULT.skeleton(), models));
                float[] p = m.positions();
                int[] idx = m.indices();
                double worst = 0;
                for (int i = 0; i < idx.length; i += 3) {
                    for (int c = 0; c < 3; c++) {
                        int a = idx[i + c];
                        int b = idx[i + (c + 1) % 3];
                        double before = distance(p, a, b);
                        double after = Math.sqrt(Math.pow(skinned[3 * a] - skinned[3 * b], 2)
                                + Math.pow(skinned[3 * a + 1] - skinned[3 * b + 1], 2)
                                + Math.pow(skinned[3 * a + 2] - skinned[3 * b + 2], 2));
                        if (before > 1e-6) {
                            worst = Math.max(worst, Math.max(after / before, before / after));
                        }
                    }
                }
                assertThat(worst).as("%s at %s s: worst edge stretch", m.name(), time).isLessThan(3);
            }
        }
    }

    private static double distance(float[] p, int a, int b) {
        double dx = p[3 * a] - p[3 * b];
        double dy = p[3 * a + 1] - p[3 * b + 1];
        double dz = p[3 * a + 2] - p[3 * b + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    /** Model matrices of the clip's pose at {@code time}, channels applied over the rest pose. */
    private static double[][] pose(Humanoid h, AnimationClip clip, float time) {
        Skeleton s = h.skeleton();
        int n = s.boneCount();
        float[] t = s.restTranslationsInto(new float[3 * n], 0);
        float[] r = s.restRotationsInto(new float[4 * n], 0);
        float[] sc = s.restScalesInto(new float[3 * n], 0);
        for (BoneChannel c : clip.channels()) {
            int b = s.requireIndex(c.bone());
            float[] v = ReferenceSkinning.sample(c, time);
            float[] dst = c.path() == ChannelPath.TRANSLATION ? t : c.path() == ChannelPath.ROTATION ? r : sc;
            System.arraycopy(v, 0, dst, c.path().components() * b, v.length);
        }
        return ReferenceSkinning.models(s, t, r, sc);
    }

    @Test
    void headMorphTargetsMoveOnlyTheFaceFront() {
        Mesh head = DEFAULT.part(HumanoidPart.HEAD);
        assertThat(head.morphTargets()).extracting(MorphTarget::name).containsExactly("mouthOpen", "browsUp");
        float[] p = head.positions();
        double centerZ = head.bounds().minZ() + 0.5 * (head.bounds().maxZ() - head.bounds().minZ());
        for (MorphTarget t : head.morphTargets()) {
            assertThat(t.hasNormals()).isFalse();
            float[] d = t.positions();
            int moved = 0;
            for (int v = 0; v < head.vertexCount(); v++) {
                boolean moves = d[3 * v] != 0 || d[3 * v + 1] != 0 || d[3 * v + 2] != 0;
                if (moves) {
                    moved++;
                    assertThat(p[3 * v + 2]).as(t.name()).isGreaterThan((float) (centerZ - 0.02));
                }
            }
            assertThat(moved).as(t.name()).isBetween(10, head.vertexCount() / 3);
        }
        assertThat(Humanoids.generate(42, HumanoidOptions.DEFAULTS.withFaceMorphs(FaceMorphs.NONE))
                .part(HumanoidPart.HEAD).morphTargets()).isEmpty();
    }

    // ---- materials and textures ----

    @Test
    void materialsShareTheTemplateAndOnlyTheHairNeedsItsOwnRenderState() {
        Material hair = DEFAULT.part(HumanoidPart.HAIR).materials().get(0);
        assertThat(hair.alphaMode()).isEqualTo(AlphaMode.MASK);
        assertThat(hair.doubleSided()).isTrue();
        for (Mesh m : DEFAULT.parts()) {
            Material mat = m.materials().get(0);
            assertThat(mat.name()).isEqualTo(m.name());
            assertThat(mat.template()).isEqualTo(Material.TEMPLATE_PBR);
            if (mat != hair) {
                assertThat(mat.alphaMode()).isEqualTo(AlphaMode.OPAQUE);
                assertThat(mat.doubleSided()).isFalse();
                assertThat(mat.sameRenderState(hair)).isFalse();
                assertThat(mat.sameRenderState(DEFAULT.part(HumanoidPart.TORSO).materials().get(0))).isTrue();
                assertThat(mat.metallicFactor()).isEqualTo(0f);
                assertThat(mat.roughnessFactor()).isEqualTo(Textures.ROUGHNESS);
            }
        }
    }

    @Test
    void texturesArePngsOfDistinctSizesWithAMaskedHairline() throws IOException {
        Set<String> sizes = new HashSet<>();
        for (Mesh m : DEFAULT.parts()) {
            Image image = m.materials().get(0).texture(Material.BASE_COLOR).image();
            assertThat(image.mimeType()).isEqualTo("image/png");
            assertThat(image.name()).isEqualTo(m.name() + ".png");
            byte[] data = image.data();
            assertThat(Png.hasSignature(data)).isTrue();
            BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(data));
            assertThat(decoded.getWidth()).isBetween(64, 256);
            assertThat(decoded.getHeight()).isBetween(64, 256);
            assertThat(sizes.add(decoded.getWidth() + "x" + decoded.getHeight())).as(m.name()).isTrue();
            Set<Integer> alphas = new HashSet<>();
            for (int y = 0; y < decoded.getHeight(); y++) {
                for (int x = 0; x < decoded.getWidth(); x++) {
                    alphas.add(decoded.getRaster().getSample(x, y, 3));
                }
            }
            if (m.name().equals(HumanoidPart.HAIR.meshName())) {
                assertThat(alphas).containsExactlyInAnyOrder(0, 255);
            } else {
                assertThat(alphas).containsExactly(255);
            }
        }
    }

    @Test
    void storedTexturesDecodeToTheSamePixels() throws IOException {
        Humanoid stored = Humanoids.generate(42, HumanoidOptions.DEFAULTS.withTextureCompression(PngCompression.STORED));
        for (HumanoidPart part : HumanoidPart.values()) {
            byte[] a = DEFAULT.part(part).materials().get(0).texture(Material.BASE_COLOR).image().data();
            byte[] b = stored.part(part).materials().get(0).texture(Material.BASE_COLOR).image().data();
            assertThat(b.length).isGreaterThan(a.length);
            BufferedImage x = ImageIO.read(new ByteArrayInputStream(a));
            BufferedImage y = ImageIO.read(new ByteArrayInputStream(b));
            int w = x.getWidth();
            int h = x.getHeight();
            assertThat(y.getRaster().getPixels(0, 0, w, h, (int[]) null))
                    .isEqualTo(x.getRaster().getPixels(0, 0, w, h, (int[]) null));
        }
    }

    // ---- clips ----

    @Test
    void walkAndIdleLoopSeamlesslyAtThirtyHertz() {
        assertThat(DEFAULT.clips()).extracting(AnimationClip::name).containsExactly(Humanoid.WALK, Humanoid.IDLE);
        assertThat(DEFAULT.walk().duration()).isBetween(0.9f, 1.2f);
        assertThat(DEFAULT.idle().duration()).isBetween(2.3f, 2.9f);
        for (AnimationClip clip : DEFAULT.clips()) {
            for (BoneChannel c : clip.channels()) {
                assertThat(DEFAULT.skeleton().indexOf(c.bone())).as(c.toString()).isNotNegative();
                float[] times = c.times();
                float[] v = c.values();
                assertThat(times[0]).isZero();
                assertThat(times[times.length - 1]).isEqualTo(clip.duration());
                int element = c.path().components() * c.interpolation().elementsPerKey();
                assertThat(java.util.Arrays.copyOfRange(v, v.length - element, v.length)).as(c.toString())
                        .isEqualTo(java.util.Arrays.copyOfRange(v, 0, element));
                if (c.interpolation() == Interpolation.LINEAR) {
                    for (int k = 1; k < times.length; k++) {
                        assertThat(times[k] - times[k - 1]).isCloseTo(1 / 30f, offset(1e-5f));
                    }
                }
            }
            for (MorphChannel c : clip.morphChannels()) {
                float[] v = c.values();
                assertThat(java.util.Arrays.copyOfRange(v, v.length - c.weightCount(), v.length))
                        .isEqualTo(java.util.Arrays.copyOfRange(v, 0, c.weightCount()));
            }
        }
    }

    @Test
    void clipsAnimateManyBonesWithEveryKindOfChannel() {
        AnimationClip walk = DEFAULT.walk();
        assertThat(count(walk, ChannelPath.ROTATION, Interpolation.LINEAR)).isGreaterThanOrEqualTo(40);
        assertThat(count(walk, ChannelPath.TRANSLATION, Interpolation.LINEAR)).isGreaterThanOrEqualTo(20);
        assertThat(count(DEFAULT.idle(), ChannelPath.TRANSLATION, Interpolation.LINEAR)).isGreaterThanOrEqualTo(20);
        AnimationClip idle = DEFAULT.idle();
        assertThat(count(idle, ChannelPath.ROTATION, Interpolation.LINEAR)).isGreaterThanOrEqualTo(40);
        assertThat(count(idle, ChannelPath.ROTATION, Interpolation.CUBICSPLINE)).isEqualTo(1);
        assertThat(count(idle, ChannelPath.SCALE, Interpolation.LINEAR)).isEqualTo(1);
        assertThat(idle.morphChannels()).singleElement().satisfies(c -> {
            assertThat(c.target()).isEqualTo(HumanoidPart.HEAD.meshName());
            assertThat(c.weightCount()).isEqualTo(DEFAULT.part(HumanoidPart.HEAD).morphTargets().size());
        });
        Humanoid plain = Humanoids.generate(42, HumanoidOptions.DEFAULTS.withHeadInterpolation(Interpolation.LINEAR)
                .withFaceMorphs(FaceMorphs.NONE));
        assertThat(count(plain.idle(), ChannelPath.ROTATION, Interpolation.CUBICSPLINE)).isZero();
        assertThat(plain.idle().morphChannels()).isEmpty();
    }

    private static long count(AnimationClip clip, ChannelPath path, Interpolation interpolation) {
        return clip.channels().stream().filter(c -> c.path() == path && c.interpolation() == interpolation).count();
    }

    @Test
    void cubicHeadChannelTangentsMatchTheMotion() {
        BoneChannel cubic = DEFAULT.idle().channels().stream()
                .filter(c -> c.interpolation() == Interpolation.CUBICSPLINE).findFirst().orElseThrow();
        Humanoid linear = Humanoids.generate(42, HumanoidOptions.DEFAULTS.withHeadInterpolation(Interpolation.LINEAR));
        BoneChannel dense = linear.idle().channels().stream()
                .filter(c -> c.bone().equals(cubic.bone()) && c.path() == ChannelPath.ROTATION).findFirst().orElseThrow();
        float duration = DEFAULT.idle().duration();
        for (int i = 0; i <= 40; i++) {
            float time = duration * i / 40;
            float[] a = ReferenceSkinning.sample(cubic, time);
            float[] b = ReferenceSkinning.sample(dense, time);
            double dot = Math.abs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]);
            assertThat(2 * Math.toDegrees(Math.acos(Math.min(1, dot)))).as("angle at %s s", time).isLessThan(0.5);
        }
    }

    @Test
    void walkSwingsTheLegsInOppositePhase() {
        Skeleton s = DEFAULT.skeleton();
        double half = DEFAULT.walk().duration() / 2;
        double[][] start = pose(DEFAULT, DEFAULT.walk(), 0);
        double[][] middle = pose(DEFAULT, DEFAULT.walk(), (float) half);
        int left = s.requireIndex("LeftFoot");
        int right = s.requireIndex("RightFoot");
        // z of the ankles: left forward first, then right forward
        assertThat(start[left][14] - start[right][14]).isGreaterThan(0.2);
        assertThat(middle[right][14] - middle[left][14]).isGreaterThan(0.2);
    }

    // ---- determinism and options ----

    @Test
    void sameSeedGivesEqualHumanoidsAndIdenticalPngs() {
        Humanoid again = Humanoids.generate(42);
        assertThat(again).isEqualTo(DEFAULT);
        for (HumanoidPart part : HumanoidPart.values()) {
            assertThat(again.part(part).materials().get(0).texture(Material.BASE_COLOR).image().data())
                    .isEqualTo(DEFAULT.part(part).materials().get(0).texture(Material.BASE_COLOR).image().data());
        }
    }

    @Test
    void differentSeedsGiveDifferentProportionsAndColors() {
        Set<Float> heights = new HashSet<>();
        Set<Image> shirts = new HashSet<>();
        for (long seed = 0; seed < 8; seed++) {
            Humanoid h = Humanoids.generate(seed);
            heights.add(h.height());
            shirts.add(h.part(HumanoidPart.TORSO).materials().get(0).texture(Material.BASE_COLOR).image());
        }
        assertThat(heights).hasSize(8);
        assertThat(shirts).hasSize(8);
        assertThat(Humanoids.generate(1).part(HumanoidPart.LEGS)).isNotEqualTo(Humanoids.generate(2).part(HumanoidPart.LEGS));
    }

    @Test
    void detailScalesTheVertexCount() {
        int low = Humanoids.generate(42, HumanoidOptions.DEFAULTS.withDetail(HumanoidOptions.MIN_DETAIL)).vertexCount();
        int high = Humanoids.generate(42, HumanoidOptions.DEFAULTS.withDetail(2)).vertexCount();
        assertThat(low).isLessThan(DEFAULT.vertexCount() / 3);
        assertThat(high).isGreaterThan(3 * DEFAULT.vertexCount());
    }

    @Property(tries = 8, seed = "9090")
    void everyOptionCombinationGivesClosedOutwardWellWeightedParts(@ForAll long seed, @ForAll RestPose pose,
            @ForAll PaletteOrder order, @ForAll("details") float detail,
            @ForAll @IntRange(min = 1, max = 8) int influences) {
        Humanoid h = Humanoids.generate(seed, HumanoidOptions.DEFAULTS.withRestPose(pose).withPaletteOrder(order)
                .withDetail(detail).withInfluencesPerVertex(influences));
        for (Mesh m : h.parts()) {
            long open = MeshTopology.weldedEdgeUses(m).values().stream().filter(uses -> uses != 2).count();
            assertThat(open == 0).as(m.name()).isEqualTo(!m.name().equals(HumanoidPart.HAIR.meshName()));
            for (int[] triangles : MeshTopology.triangleComponents(m)) {
                assertThat(MeshTopology.signedVolume(m, triangles)).as(m.name()).isPositive();
            }
            BoneWeights w = m.skin().weights();
            assertThat(w.influencesPerVertex()).isEqualTo(influences);
            for (int v = 0; v < m.vertexCount(); v++) {
                float sum = 0;
                for (int k = 0; k < influences; k++) {
                    sum += w.weight(v, k);
                }
                assertThat(Math.abs(sum - 1)).isLessThanOrEqualTo(WEIGHT_SUM_TOLERANCE);
            }
        }
    }

    @Provide
    Arbitrary<Float> details() {
        return Arbitraries.of(HumanoidOptions.MIN_DETAIL, 0.6f, 1.7f);
    }

    @Test
    void influenceCountIsHonoured() {
        Humanoid one = Humanoids.generate(42, HumanoidOptions.DEFAULTS.withInfluencesPerVertex(1));
        for (Mesh m : one.parts()) {
            BoneWeights w = m.skin().weights();
            assertThat(w.influencesPerVertex()).isEqualTo(1);
            for (int v = 0; v < m.vertexCount(); v++) {
                assertThat(w.weight(v, 0)).isEqualTo(1f);
            }
        }
        Humanoid eight = Humanoids.generate(42, HumanoidOptions.DEFAULTS.withInfluencesPerVertex(8));
        BoneWeights palm = eight.part(HumanoidPart.HANDS).skin().weights();
        assertThat(palm.influencesPerVertex()).isEqualTo(8);
        int most = 0;
        for (int v = 0; v < palm.vertexCount(); v++) {
            int used = 0;
            for (int k = 0; k < 8; k++) {
                used += palm.weight(v, k) > 0 ? 1 : 0;
            }
            most = Math.max(most, used);
        }
        assertThat(most).isGreaterThan(4);
    }

    @Test
    void keyRateSetsTheKeySpacing() {
        Humanoid fast = Humanoids.generate(42, HumanoidOptions.DEFAULTS.withKeyRate(60));
        BoneChannel hips = fast.walk().channels().get(0);
        assertThat(hips.time(1)).isCloseTo(1 / 60f, offset(1e-6f));
        assertThat(fast.walk().duration()).isCloseTo(DEFAULT.walk().duration(), offset(1 / 60f));
    }

    @Test
    void headInterpolationStepIsKeyedAtTheKeyRate() {
        Humanoid step = Humanoids.generate(42, HumanoidOptions.DEFAULTS.withHeadInterpolation(Interpolation.STEP));
        assertThat(step.idle().channels()).filteredOn(c -> c.interpolation() == Interpolation.STEP).singleElement()
                .satisfies(c -> assertThat(c.keyCount()).isEqualTo(step.idle().channels().get(0).keyCount()));
    }

    // ---- invalid input ----

    @Test
    void optionsRejectTooLowDetail() {
        assertThatThrownBy(() -> HumanoidOptions.DEFAULTS.withDetail(0.1f)).isInstanceOf(ValidationException.class)
                .hasMessage("HumanoidOptions: detail=0.1, expected 0.25..4.0");
    }

    @Test
    void optionsRejectTooHighDetail() {
        assertThatThrownBy(() -> HumanoidOptions.DEFAULTS.withDetail(4.5f)).isInstanceOf(ValidationException.class)
                .hasMessage("HumanoidOptions: detail=4.5, expected 0.25..4.0");
    }

    @Test
    void optionsRejectNaNDetail() {
        assertThatThrownBy(() -> HumanoidOptions.DEFAULTS.withDetail(Float.NaN)).isInstanceOf(ValidationException.class)
                .hasMessage("HumanoidOptions: detail=NaN, expected 0.25..4.0");
    }

    @Test
    void optionsRejectZeroInfluences() {
        assertThatThrownBy(() -> HumanoidOptions.DEFAULTS.withInfluencesPerVertex(0))
                .isInstanceOf(ValidationException.class).hasMessage("HumanoidOptions: influencesPerVertex=0, expected 1..8");
    }

    @Test
    void optionsRejectNineInfluences() {
        assertThatThrownBy(() -> HumanoidOptions.DEFAULTS.withInfluencesPerVertex(9))
                .isInstanceOf(ValidationException.class).hasMessage("HumanoidOptions: influencesPerVertex=9, expected 1..8");
    }

    @Test
    void optionsRejectTooLowKeyRate() {
        assertThatThrownBy(() -> HumanoidOptions.DEFAULTS.withKeyRate(0.5f)).isInstanceOf(ValidationException.class)
                .hasMessage("HumanoidOptions: keyRate=0.5, expected 1.0..240.0 Hz");
    }

    @Test
    void optionsRejectTooHighKeyRate() {
        assertThatThrownBy(() -> HumanoidOptions.DEFAULTS.withKeyRate(241)).isInstanceOf(ValidationException.class)
                .hasMessage("HumanoidOptions: keyRate=241.0, expected 1.0..240.0 Hz");
    }

    @Test
    void humanoidRejectsMissingParts() {
        assertThatThrownBy(() -> new Humanoid(1, DEFAULT.options(), 1.7f, DEFAULT.skeleton(),
                DEFAULT.parts().subList(0, 5), DEFAULT.clips())).isInstanceOf(ValidationException.class)
                .hasMessage("Humanoid: 5 parts, expected 6");
    }

    @Test
    void humanoidRejectsPartsOutOfOrder() {
        List<Mesh> swapped = new ArrayList<>(DEFAULT.parts());
        java.util.Collections.swap(swapped, 0, 1);
        assertThatThrownBy(() -> new Humanoid(1, DEFAULT.options(), 1.7f, DEFAULT.skeleton(), swapped, DEFAULT.clips()))
                .isInstanceOf(ValidationException.class).hasMessage("Humanoid: part 0 is named 'head', expected 'hair'");
    }

    @Test
    void humanoidRejectsMissingClips() {
        assertThatThrownBy(() -> new Humanoid(1, DEFAULT.options(), 1.7f, DEFAULT.skeleton(), DEFAULT.parts(),
                List.of(DEFAULT.idle()))).isInstanceOf(ValidationException.class)
                .hasMessage("Humanoid: clips [idle], expected 'walk' and 'idle' first");
    }

    @Test
    void partNamesAreTheMeshNames() {
        Map<String, HumanoidPart> byName = new HashMap<>();
        for (HumanoidPart part : HumanoidPart.values()) {
            byName.put(part.meshName(), part);
        }
        assertThat(byName).containsOnlyKeys("hair", "head", "torso", "legs", "hands", "shoes");
    }
}
