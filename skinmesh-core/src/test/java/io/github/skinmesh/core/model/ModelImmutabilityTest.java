package io.github.skinmesh.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every public method of every public model type that returns an array (and takes no argument or
 * one {@code int}) must return a fresh copy: equal on each call, never the same instance, and
 * mutating it must not change the object. The types are discovered from the compiled package, so
 * a new type or method is covered as soon as it exists; a type without a sample here fails.
 */
class ModelImmutabilityTest {
    /** Fully populated instances (every optional stream present); each call builds a new, equal one. */
    private static final Map<Class<?>, Supplier<Object>> SAMPLES = Map.ofEntries(
            Map.entry(Mesh.class, ModelImmutabilityTest::mesh),
            Map.entry(BoneWeights.class, ModelImmutabilityTest::weights),
            Map.entry(Skin.class, ModelImmutabilityTest::skin),
            Map.entry(Image.class, () -> Image.of("a.png", "image/png", new byte[] {1, 2, 3})),
            Map.entry(MorphTarget.class, () -> MorphTarget.of("Smile", new float[] {1, 2, 3, 4, 5, 6},
                    new float[] {0, 0, 1, 0, 0, 1}, new float[] {1, 0, 0, 1, 0, 0})),
            Map.entry(Skeleton.class, () -> Skeleton.of("S", new String[] {"root", "arm"},
                    new int[] {Skeleton.NO_PARENT, 0}, new float[] {0, 0, 0, 0, 1, 0},
                    new float[] {0, 0, 0, 1, 0, 0, 0, 1}, new float[] {1, 1, 1, 1, 1, 1})),
            Map.entry(BoneChannel.class, () -> BoneChannel.of("arm", ChannelPath.TRANSLATION, Interpolation.LINEAR,
                    new float[] {0f, 1f}, new float[] {0, 0, 0, 1, 2, 3})),
            Map.entry(MorphChannel.class, () -> MorphChannel.of("Body", 2, Interpolation.STEP,
                    new float[] {0f, 0.5f}, new float[] {0, 1, 1, 0})),
            Map.entry(VertexAttribute.class, () -> VertexAttribute.of("VAT_UV", 2, new float[] {0, 0.5f, 1, 0.5f})),
            Map.entry(Draw.class, () -> Draw.of(0, 3, 1, 0)));

    private static BoneWeights weights() {
        return BoneWeights.of(2, new int[] {0, 1, 1, 0, 0, 0}, new float[] {0.5f, 0.5f, 0.75f, 0.25f, 1f, 0f});
    }

    private static Skin skin() {
        float[] ibm = new float[32];
        ibm[0] = ibm[5] = ibm[10] = ibm[15] = 1;
        ibm[16] = ibm[21] = ibm[26] = ibm[31] = 1;
        return Skin.of(new String[] {"root", "arm"}, ibm, weights());
    }

    private static Mesh mesh() {
        return Mesh.builder("M").positions(new float[] {0, 0, 0, 1, 0, 0, 0, 1, 0})
                .normals(new float[] {0, 0, 1, 0, 0, 1, 0, 0, 1})
                .tangents(new float[] {1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1})
                .colors(new float[] {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1})
                .addUvs(new float[] {0, 0, 1, 0, 0, 1}).addUvs(new float[] {0.5f, 0.5f, 1, 1, 0, 0})
                .addAttribute("VAT_UV", 2, new float[] {0, 0, 0.5f, 0, 1, 0})
                .indices(new int[] {0, 1, 2}).skin(skin())
                .addSubmesh(new Submesh(0, 3, 0, List.of(Draw.of(0, 3, 0, 1))))
                .addMorphTarget(MorphTarget.of("Smile", new float[9], null, null)).morphWeights(new float[] {0.25f})
                .build();
    }

    @Test
    void everyArrayReturnedByAPublicModelMethodIsAFreshCopy() throws Exception {
        List<String> checked = new ArrayList<>();
        for (Class<?> type : publicModelTypes()) {
            List<Method> methods = arrayMethods(type);
            if (methods.isEmpty()) {
                continue;
            }
            Supplier<Object> sample = SAMPLES.get(type);
            if (sample == null) {
                fail("%s has public array-returning methods %s; add a sample to SAMPLES", type.getName(), methods);
            }
            for (Method m : methods) {
                Object object = sample.get();
                Object twin = sample.get();
                assertThat(object).as("sample of %s", type.getSimpleName()).isEqualTo(twin);
                Object first = call(object, m);
                Object second = call(object, m);
                String what = type.getSimpleName() + "." + m.getName();
                assertThat(first).as("%s returns an array for the sample", what).isNotNull();
                assertThat(Objects.deepEquals(first, second)).as("%s is equal on each call", what).isTrue();
                assertThat(first).as("%s returns a new array each call", what).isNotSameAs(second);
                scramble(first);
                assertThat(Objects.deepEquals(call(object, m), second))
                        .as("%s is unchanged after mutating a returned array", what).isTrue();
                assertThat(object).as("%s after mutating a returned array", what).isEqualTo(twin);
                checked.add(what);
            }
        }
        assertThat(checked).as("discovery found the known methods").contains("Mesh.positions", "Mesh.normals",
                "Mesh.tangents", "Mesh.colors", "Mesh.uvs", "Mesh.indices", "Mesh.morphWeights", "BoneWeights.joints",
                "BoneWeights.weights", "Skin.boneNames", "Image.data", "MorphTarget.positions", "MorphTarget.normals",
                "MorphTarget.tangents", "BoneChannel.times", "BoneChannel.values", "MorphChannel.times",
                "MorphChannel.values", "VertexAttribute.values", "Draw.paletteEntries");
    }

    private static Object call(Object target, Method m) throws IllegalAccessException, InvocationTargetException {
        return m.getParameterCount() == 0 ? m.invoke(target) : m.invoke(target, 0);
    }

    /** Public, non-static methods returning an array and taking nothing or one int, by name. */
    private static List<Method> arrayMethods(Class<?> type) {
        List<Method> out = new ArrayList<>();
        for (Method m : type.getMethods()) {
            Class<?>[] p = m.getParameterTypes();
            if (m.getDeclaringClass() == type && !Modifier.isStatic(m.getModifiers()) && m.getReturnType().isArray()
                    && (p.length == 0 || (p.length == 1 && p[0] == int.class))) {
                out.add(m);
            }
        }
        out.sort((a, b) -> a.toString().compareTo(b.toString()));
        return out;
    }

    /** The public classes (nested ones included) compiled into this package, by name. */
    private static List<Class<?>> publicModelTypes() throws IOException, URISyntaxException, ClassNotFoundException {
        URL url = Mesh.class.getResource("Mesh.class");
        assertThat(url).isNotNull();
        assertThat(url.getProtocol()).as("model classes are read from a directory").isEqualTo("file");
        Path dir = Path.of(url.toURI()).getParent();
        TreeSet<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".class"))
                    .forEach(f -> names.add(f.substring(0, f.length() - ".class".length())));
        }
        List<Class<?>> types = new ArrayList<>();
        for (String name : names) {
            Class<?> c = Class.forName(Mesh.class.getPackageName() + "." + name);
            if (Modifier.isPublic(c.getModifiers()) && !c.isInterface() && !c.isEnum() && !c.isAnnotation()) {
                types.add(c);
            }
        }
        assertThat(types).contains(Mesh.class, Mesh.Builder.class, BoneWeights.class, Bounds.class);
        return types;
    }

    /** Overwrites every element, recursing into nested arrays. */
    private static void scramble(Object array) {
        Class<?> c = array.getClass().getComponentType();
        for (int i = 0; i < Array.getLength(array); i++) {
            if (c.isArray()) {
                scramble(Array.get(array, i));
            } else if (c == float.class) {
                Array.setFloat(array, i, -7.5f);
            } else if (c == double.class) {
                Array.setDouble(array, i, -7.5);
            } else if (c == int.class) {
                Array.setInt(array, i, -7);
            } else if (c == long.class) {
                Array.setLong(array, i, -7L);
            } else if (c == short.class) {
                Array.setShort(array, i, (short) -7);
            } else if (c == byte.class) {
                Array.setByte(array, i, (byte) -7);
            } else if (c == char.class) {
                Array.setChar(array, i, '~');
            } else if (c == boolean.class) {
                Array.setBoolean(array, i, !Array.getBoolean(array, i));
            } else {
                Array.set(array, i, null);
            }
        }
    }
}
