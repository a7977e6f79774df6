package io.github.skinmesh.core.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.BoneWeights;
import io.github.skinmesh.core.model.Draw;
import io.github.skinmesh.core.model.Image;
import io.github.skinmesh.core.model.Material;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.MorphTarget;
import io.github.skinmesh.core.model.Sampler;
import io.github.skinmesh.core.model.Skeleton;
import io.github.skinmesh.core.model.Skin;
import io.github.skinmesh.core.model.Submesh;
import io.github.skinmesh.core.model.TextureRef;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MeshValidatorTest {
    private static final Skeleton ELLEN = Skeleton.of("Ellen", new String[] {"Hips", "Spine", "LeftHand"},
            new int[] {Skeleton.NO_PARENT, 0, 1}, new float[9], new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1},
            new float[] {1, 1, 1, 1, 1, 1, 1, 1, 1});
    private static final Image PNG = Image.of("skin.png", "image/png", new byte[] {1, 2, 3});

    /** A clean skinned quad; tests change one thing and expect exactly the matching problem. */
    private static final class Quad {
        float[] positions = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0};
        float[] normals = {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1};
        float[] tangents = {1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, -1, 1, 0, 0, 1};
        int[] indices = {0, 1, 2, 0, 2, 3};
        String[] palette = {"Hips", "Spine"};
        float[] inverseBinds = identities(2);
        int influences = 2;
        int[] joints = {0, 1, 1, 0, 0, 0, 1, 0};
        float[] weights = {0.5f, 0.5f, 0.75f, 0.25f, 1f, 0f, 1f, 0f};
        List<Material> materials = new ArrayList<>(List.of(Material.builder("Skin")
                .texture(Material.BASE_COLOR, TextureRef.of(PNG)).build()));
        List<int[]> submeshes = new ArrayList<>();
        List<Submesh> drawnSubmeshes = new ArrayList<>();
        List<MorphTarget> morphs = new ArrayList<>();
        boolean skinned = true;

        Mesh build() {
            Mesh.Builder b = Mesh.builder("Body").positions(positions).normals(normals).tangents(tangents)
                    .addUvs(new float[] {0, 0, 1, 0, 1, 1, 0, 1}).indices(indices);
            materials.forEach(b::addMaterial);
            submeshes.forEach(s -> b.addSubmesh(s[0], s[1], s[2]));
            drawnSubmeshes.forEach(b::addSubmesh);
            morphs.forEach(b::addMorphTarget);
            if (skinned) {
                b.skin(Skin.of(palette, inverseBinds, BoneWeights.of(influences, joints, weights)));
            }
            return b.build();
        }
    }

    private static float[] identities(int count) {
        float[] m = new float[16 * count];
        for (int i = 0; i < count; i++) {
            m[16 * i] = 1;
            m[16 * i + 5] = 1;
            m[16 * i + 10] = 1;
            m[16 * i + 15] = 1;
        }
        return m;
    }

    private static ValidationReport validate(Quad q) {
        return MeshValidator.validate(q.build(), ELLEN);
    }

    private static ValidationReport validate(Quad q, ValidateOptions options) {
        return MeshValidator.validate(q.build(), ELLEN, options);
    }

    @Test
    void aCleanMeshHasNoProblems() {
        ValidationReport r = validate(new Quad());
        assertThat(r.problems()).isEmpty();
        assertThat(r.isClean()).isTrue();
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.toText()).isEmpty();
        assertThat(r.mesh()).isEqualTo("mesh 'Body'");
    }

    @Test
    void paletteBoneMissingFromTheSkeletonIsAnError() {
        Quad q = new Quad();
        q.palette = new String[] {"Hips", "RightHand"};
        ValidationReport r = validate(q);
        assertThat(r.toText()).isEqualTo("ERROR palette entry 1: bone 'RightHand' is not in skeleton 'Ellen'\n");
        assertThat(r.hasErrors()).isTrue();
        assertThat(r.errors()).singleElement().extracting(Problem::check).isEqualTo(Check.PALETTE_BONE_MISSING);
        assertThat(r.count(Check.PALETTE_BONE_MISSING)).isEqualTo(1);
    }

    @Test
    void withoutASkeletonPaletteBonesAreNotLookedUp() {
        Quad q = new Quad();
        q.palette = new String[] {"Hips", "RightHand"};
        assertThat(MeshValidator.validate(q.build(), null).isClean()).isTrue();
    }

    @Test
    void aRigidMeshSkipsTheSkinChecks() {
        Quad q = new Quad();
        q.skinned = false;
        assertThat(validate(q).isClean()).isTrue();
    }

    @Test
    void weightsNotSummingToOneAreAWarningWhenLenient() {
        Quad q = new Quad();
        q.weights = new float[] {0.5f, 0.12f, 0.75f, 0.25f, 1f, 0f, 1f, 0f};
        ValidationReport r = validate(q);
        assertThat(r.toText()).isEqualTo("WARNING vertex 0: weights sum to 0.62, expected 1 within 1.0E-5\n");
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.warnings()).hasSize(1);
    }

    @Test
    void weightsNotSummingToOneAreAnErrorWhenStrict() {
        Quad q = new Quad();
        q.weights = new float[] {0.5f, 0.12f, 0.75f, 0.25f, 1f, 0f, 1f, 0f};
        ValidationReport r = validate(q, ValidateOptions.DEFAULTS.withStrictness(Strictness.STRICT));
        assertThat(r.toText()).isEqualTo("ERROR vertex 0: weights sum to 0.62, expected 1 within 1.0E-5\n");
        assertThat(r.errorCount()).isEqualTo(1);
    }

    @Test
    void weightSumsWithinTheToleranceAreAccepted() {
        Quad q = new Quad();
        q.weights = new float[] {0.5f, 0.499f, 0.75f, 0.25f, 1f, 0f, 1f, 0f};
        assertThat(validate(q, ValidateOptions.DEFAULTS.withWeightSumTolerance(2e-3f)).isClean()).isTrue();
        assertThat(validate(q).count(Check.WEIGHT_SUM)).isEqualTo(1);
    }

    @Test
    void allZeroWeightsAreAnError() {
        Quad q = new Quad();
        q.weights = new float[] {0.5f, 0.5f, 0f, 0f, 1f, 0f, 1f, 0f};
        q.joints = new int[] {0, 1, 0, 0, 0, 0, 1, 0};
        assertThat(validate(q).toText()).isEqualTo("ERROR vertex 1: all 2 weights are 0, expected a positive sum\n");
    }

    @Test
    void moreInfluencesThanTheLimitIsAnError() {
        Quad q = new Quad();
        ValidationReport r = validate(q, ValidateOptions.DEFAULTS.withMaxInfluences(1));
        assertThat(r.toText()).isEqualTo("ERROR vertex 0: 2 influences, expected at most 1 (maxInfluences)\n"
                + "ERROR vertex 1: 2 influences, expected at most 1 (maxInfluences)\n");
    }

    @Test
    void aPaletteLargerThanTheLimitIsAnError() {
        ValidationReport r = validate(new Quad(), ValidateOptions.DEFAULTS.withMaxPaletteSize(1));
        assertThat(r.toText()).isEqualTo("ERROR skin: palette has 2 bones, expected at most 1 (maxPaletteSize)\n");
    }

    @Test
    void aSubmeshWithoutDrawsCountsTheWholePaletteAgainstThePerDrawLimit() {
        ValidationReport r = validate(new Quad(), ValidateOptions.DEFAULTS.withMaxBonesPerDraw(1));
        assertThat(r.toText()).isEqualTo("ERROR submesh 0: has no draws, so it is drawn with the whole palette of 2"
                + " bones, expected at most 1 (maxBonesPerDraw); split it into draws\n");
        assertThat(validate(new Quad(), ValidateOptions.DEFAULTS.withMaxBonesPerDraw(2)).isClean()).isTrue();
    }

    @Test
    void aDrawBindingMoreBonesThanTheLimitIsAnError() {
        Quad q = new Quad();
        q.drawnSubmeshes.add(new Submesh(0, 6, 0, List.of(Draw.of(0, 3, 0, 1), Draw.of(3, 3, 1, 0))));
        assertThat(validate(q).isClean()).isTrue();
        ValidationReport r = validate(q, ValidateOptions.DEFAULTS.withMaxBonesPerDraw(1));
        assertThat(r.toText()).isEqualTo("ERROR submesh 0 draw 0: binds 2 palette entries, expected at most 1"
                + " (maxBonesPerDraw)\nERROR submesh 0 draw 1: binds 2 palette entries, expected at most 1"
                + " (maxBonesPerDraw)\n");
        assertThat(r.count(Check.DRAW_PALETTE_SIZE)).isEqualTo(2);
    }

    @Test
    void aDrawBindingABoneNoneOfItsVerticesWeightsIsAWarning() {
        Quad q = new Quad();
        q.joints = new int[] {0, 0, 1, 0, 0, 0, 0, 0}; // triangle 1 (vertices 0, 2, 3) weights only Hips
        q.weights = new float[] {1f, 0f, 0.75f, 0.25f, 1f, 0f, 1f, 0f};
        q.drawnSubmeshes.add(new Submesh(0, 6, 0, List.of(Draw.of(0, 3, 0, 1), Draw.of(3, 3, 0, 1))));
        assertThat(validate(q).toText()).isEqualTo("WARNING submesh 0 draw 1: binds palette entry 1 (bone 'Spine') in"
                + " slot 1, which no vertex of the draw weights\n");
    }

    @Test
    void optionsRejectAPerDrawLimitPastTheSkinLimit() {
        assertThatThrownBy(() -> ValidateOptions.DEFAULTS.withMaxBonesPerDraw(65537))
                .isInstanceOf(ValidationException.class)
                .hasMessage("ValidateOptions: maxBonesPerDraw=65537, expected 0..65536");
    }

    @Test
    void anUnusedPaletteEntryIsAWarning() {
        Quad q = new Quad();
        q.palette = new String[] {"Hips", "Spine", "LeftHand"};
        q.inverseBinds = identities(3);
        assertThat(validate(q).toText())
                .isEqualTo("WARNING palette entry 2: bone 'LeftHand' has no vertex with a non-zero weight\n");
    }

    @Test
    void anInverseBindMatrixThatIsNotAffineIsAnError() {
        Quad q = new Quad();
        q.inverseBinds[16 + 11] = 0.5f;
        assertThat(validate(q).toText()).isEqualTo("ERROR palette entry 1: inverse bind matrix last row is "
                + "(0.0, 0.0, 0.5, 1.0), expected (0, 0, 0, 1) within 1.0E-5\n");
    }

    @Test
    void aSingularInverseBindMatrixIsAnError() {
        Quad q = new Quad();
        q.inverseBinds[4] = 1; // column 1 = (1, 1, 0) ...
        q.inverseBinds[5] = 1;
        q.inverseBinds[0] = 1; // ... equals column 0 = (1, 1, 0)
        q.inverseBinds[1] = 1;
        ValidationReport r = validate(q);
        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.check()).isEqualTo(Check.INVERSE_BIND_SINGULAR);
            assertThat(p.element()).isEqualTo("palette entry 0");
            assertThat(p.message()).startsWith("inverse bind matrix is not invertible: upper 3x3 determinant 0.0")
                    .endsWith("expected more than 1.0E-6");
        });
    }

    @Test
    void aTinyUniformBindScaleIsNotSingular() {
        Quad q = new Quad();
        for (int i : new int[] {0, 5, 10}) {
            q.inverseBinds[i] = 1e-3f;
        }
        assertThat(validate(q).isClean()).isTrue();
    }

    @Test
    void aTriangleRepeatingAVertexIsAWarningWhenLenientAndAnErrorWhenStrict() {
        Quad q = new Quad();
        q.indices = new int[] {0, 1, 2, 0, 2, 3, 3, 1, 3};
        assertThat(validate(q).toText()).isEqualTo(
                "WARNING triangle 2: vertices (3, 1, 3) repeat vertex 3, expected three distinct vertices\n");
        assertThat(validate(q, ValidateOptions.DEFAULTS.withStrictness(Strictness.STRICT)).toText()).isEqualTo(
                "ERROR triangle 2: vertices (3, 1, 3) repeat vertex 3, expected three distinct vertices\n");
    }

    @Test
    void aFlatTriangleIsAWarning() {
        Quad q = new Quad();
        q.positions = new float[] {0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 1, 0};
        ValidationReport r = validate(q);
        assertThat(r.toText()).isEqualTo("WARNING triangle 0: area 0.0 with vertices (0, 1, 2), expected more than "
                + "minTriangleArea 0.0\n");
    }

    @Test
    void minTriangleAreaCatchesSlivers() {
        Quad q = new Quad();
        q.positions = new float[] {0, 0, 0, 1, 0, 0, 1, 1e-4f, 0, 0, 1, 0};
        assertThat(validate(q).isClean()).isTrue();
        ValidationReport r = validate(q, ValidateOptions.DEFAULTS.withMinTriangleArea(1e-3f));
        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.element()).isEqualTo("triangle 0");
            assertThat(p.check()).isEqualTo(Check.ZERO_AREA_TRIANGLE);
            assertThat(p.severity()).isEqualTo(Severity.WARNING);
        });
    }

    @Test
    void aVertexNoTriangleUsesIsAWarning() {
        Quad q = new Quad();
        q.indices = new int[] {0, 1, 2};
        assertThat(validate(q).toText()).isEqualTo("WARNING vertex 3: used by no triangle\n");
    }

    @Test
    void aNormalFarFromUnitLengthIsAWarning() {
        Quad q = new Quad();
        q.normals[5] = 0.5f;
        assertThat(validate(q).toText()).isEqualTo("WARNING vertex 1: normal length 0.5, expected 1 within 0.001\n");
    }

    @Test
    void aTangentFarFromUnitLengthIsAWarning() {
        Quad q = new Quad();
        q.tangents[8] = 2f;
        assertThat(validate(q).toText()).isEqualTo("WARNING vertex 2: tangent length 2.0, expected 1 within 0.001\n");
    }

    @Test
    void aTangentWThatIsNotPlusOrMinusOneIsAWarning() {
        Quad q = new Quad();
        q.tangents[15] = 0f;
        assertThat(validate(q).toText()).isEqualTo("WARNING vertex 3: tangent w 0.0, expected +1 or -1 within 0.001\n");
    }

    @Test
    void aTextureOnAMissingUvChannelIsAnError() {
        Quad q = new Quad();
        q.materials.set(0, Material.builder("Skin")
                .texture(Material.NORMAL, new TextureRef(PNG, 1, Sampler.DEFAULT)).build());
        assertThat(validate(q).toText()).isEqualTo(
                "ERROR material 'Skin': texture 'normal' samples UV channel 1, expected a channel the mesh has (0..0)\n");
    }

    @Test
    void anEmptySubmeshAndAnUnusedMaterialAreWarnings() {
        Quad q = new Quad();
        q.materials.add(Material.builder("").build());
        q.submeshes.add(new int[] {0, 6, 0});
        q.submeshes.add(new int[] {6, 0, 0});
        assertThat(validate(q).toText()).isEqualTo("WARNING submesh 1: has no triangles (first index 6, material 0)\n"
                + "WARNING material 1: material 1 is used by no submesh\n");
    }

    @Test
    void morphTargetOdditiesAreWarnings() {
        Quad q = new Quad();
        q.normals = null;
        q.morphs.add(MorphTarget.of("Smile", new float[12], null, null));
        q.morphs.add(MorphTarget.of("Blink", null, null, null));
        q.morphs.add(MorphTarget.of("Smile", null, new float[12], null));
        Mesh mesh = Mesh.builder("Body").positions(q.positions).tangents(q.tangents).addUvs(new float[8])
                .indices(q.indices).addMaterial(q.materials.get(0)).addMorphTarget(q.morphs.get(0))
                .addMorphTarget(q.morphs.get(1)).addMorphTarget(q.morphs.get(2)).build();
        assertThat(MeshValidator.validate(mesh, ELLEN).toText()).isEqualTo(
                "WARNING morph target 'Blink': morph target 1 has no position, normal or tangent deltas\n"
                        + "WARNING morph target 'Smile': has normal deltas, but the mesh has no normals\n"
                        + "WARNING morph target 'Smile': morph target 2 repeats the name of morph target 0, "
                        + "expected unique names\n");
    }

    @Test
    void problemsComeInCheckOrderThenElementOrder() {
        Quad q = new Quad();
        q.palette = new String[] {"Nose", "Spine"};
        q.normals[11] = 2f;
        q.normals[2] = 2f;
        q.weights = new float[] {0.5f, 0.5f, 0.75f, 0.75f, 1f, 0f, 1f, 0f};
        q.indices = new int[] {0, 1, 2, 0, 0, 3};
        ValidationReport r = validate(q);
        String expected = "ERROR palette entry 0: bone 'Nose' is not in skeleton 'Ellen'\n"
                + "WARNING vertex 1: weights sum to 1.5, expected 1 within 1.0E-5\n"
                + "WARNING triangle 1: vertices (0, 0, 3) repeat vertex 0, expected three distinct vertices\n"
                + "WARNING vertex 0: normal length 2.0, expected 1 within 0.001\n"
                + "WARNING vertex 3: normal length 2.0, expected 1 within 0.001\n";
        assertThat(r.toText()).isEqualTo(expected);
        assertThat(validate(q)).isEqualTo(r).hasSameHashCodeAs(r);
        assertThat(r.errors()).extracting(Problem::toString)
                .containsExactly("ERROR palette entry 0: bone 'Nose' is not in skeleton 'Ellen'");
        assertThat(r.warnings()).hasSize(4);
        assertThat(r.errorCount()).isEqualTo(1);
        assertThat(r.warningCount()).isEqualTo(4);
    }

    @Test
    void problemsPastTheLimitAreCountedAndSummarized() {
        Quad q = new Quad();
        q.normals = new float[12];
        ValidationReport r = validate(q, ValidateOptions.DEFAULTS.withMaxProblemsPerCheck(2));
        assertThat(r.toText()).isEqualTo("WARNING vertex 0: normal length 0.0, expected 1 within 0.001\n"
                + "WARNING vertex 1: normal length 0.0, expected 1 within 0.001\n"
                + "WARNING mesh 'Body': 2 more vertices whose normal is not of unit length not listed "
                + "(maxProblemsPerCheck 2)\n");
        assertThat(r.count(Check.NORMAL_LENGTH)).isEqualTo(4);
        assertThat(r.warningCount()).isEqualTo(4);
        assertThat(validate(q, ValidateOptions.DEFAULTS.withMaxProblemsPerCheck(0)).problems()).hasSize(4);
    }

    @Test
    void namesAreQuotedOnOneLine() {
        Quad q = new Quad();
        q.palette = new String[] {"Hips", "Evil\nBone"};
        assertThat(validate(q).toText())
                .isEqualTo("ERROR palette entry 1: bone 'Evil\\u000aBone' is not in skeleton 'Ellen'\n");
    }

    // --- options ---

    @Test
    void optionsRejectANegativeWeightSumTolerance() {
        assertThatThrownBy(() -> ValidateOptions.DEFAULTS.withWeightSumTolerance(-1e-3f))
                .isInstanceOf(ValidationException.class).hasMessageContaining("ValidateOptions")
                .hasMessageContaining("weightSumTolerance=-0.001").hasMessageContaining("expected 0.0..1.0");
    }

    @Test
    void optionsRejectNineInfluences() {
        assertThatThrownBy(() -> ValidateOptions.DEFAULTS.withMaxInfluences(9)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("ValidateOptions").hasMessageContaining("maxInfluences=9")
                .hasMessageContaining("expected 0..8");
    }

    @Test
    void optionsRejectAPaletteLimitPastTheSkinLimit() {
        assertThatThrownBy(() -> ValidateOptions.DEFAULTS.withMaxPaletteSize(65537))
                .isInstanceOf(ValidationException.class).hasMessageContaining("maxPaletteSize=65537")
                .hasMessageContaining("expected 0..65536");
    }

    @Test
    void optionsRejectANaNUnitTolerance() {
        assertThatThrownBy(() -> ValidateOptions.DEFAULTS.withUnitTolerance(Float.NaN))
                .isInstanceOf(ValidationException.class).hasMessageContaining("unitTolerance=NaN")
                .hasMessageContaining("expected 0.0..1.0");
    }

    @Test
    void optionsRejectAnInfiniteMinTriangleArea() {
        assertThatThrownBy(() -> ValidateOptions.DEFAULTS.withMinTriangleArea(Float.POSITIVE_INFINITY))
                .isInstanceOf(ValidationException.class).hasMessageContaining("minTriangleArea=Infinity")
                .hasMessageContaining("expected 0.0..");
    }

    @Test
    void optionsRejectANegativeProblemLimit() {
        assertThatThrownBy(() -> ValidateOptions.DEFAULTS.withMaxProblemsPerCheck(-1))
                .isInstanceOf(ValidationException.class).hasMessageContaining("maxProblemsPerCheck=-1")
                .hasMessageContaining("expected 0..");
    }
}
