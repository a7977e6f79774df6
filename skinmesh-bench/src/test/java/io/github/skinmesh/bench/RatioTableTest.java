package io.github.skinmesh.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class RatioTableTest {
    private static RatioTable.Row row(String benchmark, String params, double score, String unit, String op) {
        return new RatioTable.Row(benchmark, params, score, score / 100, unit, op);
    }

    @Test
    void groupsByClassAndParamsAndDividesByTheBaselineOfEachGroup() {
        String table = RatioTable.format(List.of(
                row("a.LbsBench.baselineNaive", "streams=POSITIONS", 50e6, "ops/s", "vertices"),
                row("a.LbsBench.vector", "streams=POSITIONS", 150e6, "ops/s", "vertices"),
                row("a.LbsBench.baselineNaive", "streams=POSITIONS_NORMALS", 25e6, "ops/s", "vertices"),
                row("a.LbsBench.vector", "streams=POSITIONS_NORMALS", 100e6, "ops/s", "vertices"),
                row("b.SampleBench.baselineCopy", "", 2e6, "ops/s", "ops"),
                row("b.SampleBench.sampleSeq", "", 500e3, "ops/s", "ops")));
        assertThat(table).isEqualTo(String.join("\n",
                "LbsBench  [streams=POSITIONS]",
                "  baselineNaive                      50.000 ± 0.500    Mvertices/s         1.00x",
                "  vector                            150.000 ± 1.50     Mvertices/s         3.00x",
                "LbsBench  [streams=POSITIONS_NORMALS]",
                "  baselineNaive                      25.000 ± 0.250    Mvertices/s         1.00x",
                "  vector                            100.000 ± 1.00     Mvertices/s         4.00x",
                "SampleBench",
                "  baselineCopy                        2.000 ± 0.0200   Mops/s              1.00x",
                "  sampleSeq                         500.000 ± 5.00     kops/s              0.25x",
                ""));
    }

    @Test
    void timeScoresAreInvertedSoThatAboveOneMeansFaster() {
        String table = RatioTable.format(List.of(row("c.PackBench.baselineCopy", "", 2.0, "us/op", "vertices"),
                row("c.PackBench.pack", "", 4.0, "us/op", "vertices")));
        assertThat(table).contains("us/vertex").contains("0.50x");
    }

    @Test
    void aGroupWithoutBaselineShowsNoRatio() {
        String table = RatioTable.format(List.of(row("d.XBench.run", "", 10, "ops/s", "ops")));
        assertThat(table).endsWith(" -\n");
    }

    @Test
    void benchUnitNamesTheOperation() {
        assertThat(BenchMain.opUnit(LbsBench.class.getName() + ".vector")).isEqualTo("vertices");
        assertThat(BenchMain.opUnit("no.such.Bench.run")).isEqualTo("ops");
    }
}
