package io.github.skinmesh.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.skinmesh.core.model.BoneWeights;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;

class ModelAccessTest {
    @Test
    void onlyTheModelPackageInstallsTheBridge() {
        ModelAccess.Bridge impostor = (ModelAccess.Bridge) Proxy.newProxyInstance(
                ModelAccessTest.class.getClassLoader(), new Class<?>[] {ModelAccess.Bridge.class}, (p, m, a) -> {
                    throw new AssertionError("the impostor bridge was called: " + m.getName());
                });
        assertThatThrownBy(() -> ModelAccess.install(impostor))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("only the model package installs the bridge");
        BoneWeights w = BoneWeights.of(1, new int[] {3}, new float[] {1f});
        assertThat(ModelAccess.get()).isNotSameAs(impostor);
        assertThat(ModelAccess.get().joints(w)).containsExactly(3);
    }
}
