package io.github.skinmesh.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.skinning.BoundSkin;
import io.github.skinmesh.core.skinning.Skinning;
import io.github.skinmesh.core.skinning.SkinningOptions;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;

/** The skinning package's trusted path: who may install it, what it checks and what it shares. */
class SkinningAccessTest {
    @Test
    void onlyTheSkinningPackageInstallsTheBridge() {
        SkinningAccess.Bridge impostor = (SkinningAccess.Bridge) Proxy.newProxyInstance(
                SkinningAccessTest.class.getClassLoader(), new Class<?>[] {SkinningAccess.Bridge.class},
                (p, m, a) -> {
                    throw new AssertionError("the impostor bridge was called: " + m.getName());
                });
        assertThatThrownBy(() -> SkinningAccess.install(impostor))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("only the skinning package installs the bridge");
        assertThat(SkinningAccess.get()).isNotSameAs(impostor);
    }

    @Test
    void aTrustedBoundSkinSkinsAsTheCheckedOne() {
        int[] joints = {1, 0, 0, 0};
        float[] weights = {0.75f, 0.25f, 1f, 0f};
        BoundSkin trusted = SkinningAccess.get().trustedBound(2, 2, joints, weights);
        BoundSkin checked = BoundSkin.of(2, 2, joints, weights, BoundSkin.JointWidth.BITS_32);
        assertThat(trusted.vertexCount()).isEqualTo(2);
        assertThat(trusted.jointWidth()).isEqualTo(BoundSkin.JointWidth.BITS_32);
        assertThat(trusted.joint(0, 0)).isEqualTo(1);
        assertThat(trusted.weight(0, 1)).isEqualTo(0.25f);
        float[] palette = new float[32];
        for (int e = 0; e < 2; e++) {
            palette[16 * e] = 1;
            palette[16 * e + 5] = 1;
            palette[16 * e + 10] = 1;
            palette[16 * e + 15] = 1;
            palette[16 * e + 12] = 10 * (e + 1); // entry e moves x by 10 (e + 1)
        }
        float[] src = {1, 2, 3, 4, 5, 6};
        float[] a = new float[6];
        float[] b = new float[6];
        Skinning.skinInto(trusted, palette, src, a, null, null, null, null, 0, 2, SkinningOptions.DEFAULTS);
        Skinning.skinInto(checked, palette, src, b, null, null, null, null, 0, 2, SkinningOptions.DEFAULTS);
        assertThat(a).containsExactly(b);
        assertThat(a[0]).isEqualTo(1 + 0.75f * 20 + 0.25f * 10);
    }

    @Test
    void theStructuralChecksStillRun() {
        SkinningAccess.Bridge raw = SkinningAccess.get();
        assertThatThrownBy(() -> raw.trustedBound(2, 9, new int[9], new float[9]))
                .isInstanceOf(ValidationException.class)
                .hasMessage("BoundSkin.trusted: influencesPerVertex=9, expected 1..8");
        assertThatThrownBy(() -> raw.trustedBound(0, 1, new int[1], new float[1]))
                .isInstanceOf(ValidationException.class)
                .hasMessage("BoundSkin.trusted: paletteSize=0, expected 1..2147483647");
        assertThatThrownBy(() -> raw.trustedBound(2, 2, new int[3], new float[3]))
                .isInstanceOf(ValidationException.class)
                .hasMessage("BoundSkin.trusted: joints length 3 is not a multiple of influencesPerVertex 2, expected"
                        + " K*vertexCount");
        assertThatThrownBy(() -> raw.trustedBound(2, 1, new int[2], new float[3]))
                .isInstanceOf(ValidationException.class)
                .hasMessage("BoundSkin.trusted: weights length 3, expected joints.length = 2");
    }

    @Test
    void aJointOutsideThePaletteFailsTheAssertion() {
        // tests run with assertions on: a broken caller of the trusted path is caught here
        assertThatThrownBy(() -> SkinningAccess.get().trustedBound(2, 1, new int[] {0, 2}, new float[] {1, 1}))
                .isInstanceOf(AssertionError.class)
                .hasMessage("BoundSkin.trusted: a joint outside 0..1");
    }
}
