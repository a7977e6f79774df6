package io.github.skinmesh.core.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.jspecify.annotations.Nullable;

/**
 * Loads a kernel written against the incubating Vector API, by name, so that no other class links
 * against the incubator module: only when {@value #MODULE} is in the boot layer (the JVM was started
 * with {@code --add-modules jdk.incubator.vector}), and any failure to link or construct it (an API
 * that differs, a processor without the vector shapes it needs) gives {@code null}, and the caller
 * keeps its scalar code. Every module's vector kernels are chosen this way.
 */
public final class VectorKernels {
    /** The incubating module the vector kernels need. */
    public static final String MODULE = "jdk.incubator.vector";

    private VectorKernels() {
    }

    /** @return whether {@value #MODULE} is in the boot layer */
    public static boolean moduleAvailable() {
        return ModuleLayer.boot().findModule(MODULE).isPresent();
    }

    /**
     * Creates the kernel through its no-argument constructor.
     *
     * @param lookup a lookup of the kernel's package (the caller's {@code MethodHandles.lookup()}),
     *     which may see a package-private kernel and constructor
     * @param className the kernel's binary name
     * @param type what the kernel implements
     * @param <T> that type
     * @return the kernel, or {@code null} without the module or when it cannot be linked or built
     */
    public static <T> @Nullable T load(MethodHandles.Lookup lookup, String className, Class<T> type) {
        if (!moduleAvailable()) {
            return null;
        }
        try {
            Class<?> c = Class.forName(className, true, lookup.lookupClass().getClassLoader());
            return type.cast(lookup.findConstructor(c, MethodType.methodType(void.class)).invoke());
        } catch (LinkageError | ReflectiveOperationException | RuntimeException e) {
            return null;
        } catch (Error e) {
            throw e;
        } catch (Throwable e) {
            // a constructor declares no checked exception; anything else is a broken kernel
            return null;
        }
    }
}
