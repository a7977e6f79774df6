package io.github.skinmesh.gltf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.skinmesh.core.combine.Combine;
import io.github.skinmesh.core.combine.CombineBuffers;
import io.github.skinmesh.core.combine.CombineInput;
import io.github.skinmesh.core.combine.CombineOptions;
import io.github.skinmesh.core.internal.JointRenumbering;
import io.github.skinmesh.core.model.Character;
import io.github.skinmesh.core.model.Mesh;
import io.github.skinmesh.core.model.Part;
import io.github.skinmesh.testkit.humanoid.Humanoids;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Combining into {@link CombineBuffers} gives, through {@link CombineBuffers#toMesh()}, the mesh
 * {@link Combine#combine} gives, on the shared assets combined with themselves and on the humanoid,
 * under several options, into fresh buffers and into buffers that held a larger result before. This
 * class runs in the module's default test run (no incubator module: scalar joint renumbering) and in
 * its run with the incubator module (the vector kernel where the tables are small enough).
 */
class CombineBuffersAssetTest {
    static Map<String, List<CombineInput>> cases() throws IOException {
        Map<String, List<CombineInput>> out = new LinkedHashMap<>();
        for (String name : List.of("CesiumMan.glb", "Fox.glb", "RiggedSimple.glb")) {
            Optional<GltfAsset> a = GltfWriterTest.shared(name);
            if (a.isPresent()) {
                Character c = a.get().character();
                List<CombineInput> twice = new ArrayList<>();
                for (int copy = 0; copy < 2; copy++) {
                    for (Part p : c.parts()) {
                        twice.add(CombineInput.of(c, p));
                    }
                }
                out.put(name + " twice", twice);
            }
        }
        for (long seed : new long[] {1, 2}) {
            Character hero = Humanoids.generate(seed).character();
            List<CombineInput> parts = new ArrayList<>();
            for (Part p : hero.parts()) {
                parts.add(CombineInput.of(hero, p));
            }
            out.put("humanoid " + seed, parts);
            List<CombineInput> twice = new ArrayList<>(parts);
            twice.addAll(parts);
            out.put("humanoid " + seed + " twice", twice);
        }
        return out;
    }

    static long vertices(List<CombineInput> inputs) {
        long n = 0;
        for (CombineInput i : inputs) {
            n += i.part().mesh().vertexCount();
        }
        return n;
    }

    @Test
    void theRunHasTheKernelItSaysItHas() {
        String expected = System.getProperty("skinmesh.test.vectorModule", "absent");
        assertThat(JointRenumbering.vectorKernelAvailable()).isEqualTo("present".equals(expected));
    }

    @Test
    void buffersHoldTheCombinedMesh() throws IOException {
        List<CombineOptions> optionSets = List.of(CombineOptions.DEFAULTS,
                CombineOptions.DEFAULTS.withPalette(CombineOptions.PaletteBones.ALL),
                CombineOptions.DEFAULTS.withWelding(CombineOptions.Welding.SEAMS));
        Map<String, List<CombineInput>> cases = cases();
        CombineBuffers reused = new CombineBuffers();
        // the largest case first, so that the reused buffers hold stale data past later lengths
        List<String> order = new ArrayList<>(cases.keySet());
        order.sort((a, b) -> Long.compare(vertices(cases.get(b)), vertices(cases.get(a))));
        int checked = 0;
        for (String key : order) {
            List<CombineInput> inputs = cases.get(key);
            for (CombineOptions options : optionSets) {
                Mesh want;
                try {
                    want = Combine.combine(inputs, options).mesh();
                } catch (io.github.skinmesh.core.ValidationException ex) {
                    continue;
                }
                String where = key + " with " + options;
                assertThat(Combine.combineInto(inputs, options, new CombineBuffers()).toMesh()).as(where)
                        .isEqualTo(want);
                assertThat(Combine.combineInto(inputs, options, reused).toMesh()).as(where + ", reused buffers")
                        .isEqualTo(want);
                checked++;
            }
        }
        assertThat(checked).isGreaterThanOrEqualTo(6);
    }
}
