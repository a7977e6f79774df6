package io.github.skinmesh.core.anim;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.skinning.NormalTransform;
import org.junit.jupiter.api.Test;

/** {@link PoserOptions#BAKE} differs from the defaults only in the cofactor normal transform. */
class PoserOptionsBakeTest {
    @Test
    void bakeIsTheDefaultsWithCofactorNormals() {
        PoserOptions bake = PoserOptions.BAKE;
        assertThat(bake.skinning().normalTransform()).isEqualTo(NormalTransform.COFACTOR);
        assertThat(PoserOptions.DEFAULTS.skinning().normalTransform()).isEqualTo(NormalTransform.UPPER_3X3);
        assertThat(bake.withSkinning(PoserOptions.DEFAULTS.skinning())).isEqualTo(PoserOptions.DEFAULTS);
    }
}
