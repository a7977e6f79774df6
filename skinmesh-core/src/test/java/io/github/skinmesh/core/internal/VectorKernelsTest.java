package io.github.skinmesh.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.invoke.MethodHandles;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The shared loader of vector kernels: a kernel only with the module, null for what cannot be built. */
class VectorKernelsTest {
    /** A package-private kernel with a package-private constructor, as the modules' kernels are. */
    static final class Hidden implements Supplier<String> {
        Hidden() {
        }

        @Override
        public String get() {
            return "hidden";
        }
    }

    /** A kernel whose construction fails, as one needing vector shapes the processor lacks. */
    static final class Failing implements Supplier<String> {
        Failing() {
            throw new UnsupportedOperationException("no such shape");
        }

        @Override
        public String get() {
            return "never";
        }
    }

    @Test
    void loadsThroughTheCallersLookupOnlyWithTheModule() {
        Supplier<?> k = VectorKernels.load(MethodHandles.lookup(), Hidden.class.getName(), Supplier.class);
        if (VectorKernels.moduleAvailable()) {
            assertThat(k).isInstanceOf(Hidden.class);
        } else {
            assertThat(k).isNull();
        }
        assertThat(VectorKernels.moduleAvailable())
                .isEqualTo(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent());
    }

    @Test
    void whatCannotBeLinkedBuiltOrCastIsNull() {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        assertThat(VectorKernels.load(lookup, "io.github.skinmesh.core.internal.NoSuchKernel", Supplier.class)).isNull();
        assertThat(VectorKernels.load(lookup, Failing.class.getName(), Supplier.class)).isNull();
        assertThat(VectorKernels.load(lookup, Hidden.class.getName(), Runnable.class)).isNull();
    }
}
