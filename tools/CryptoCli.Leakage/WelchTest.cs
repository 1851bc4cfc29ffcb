using System;

namespace CryptoCli.Leakage;

/// <summary>Running mean and variance of a stream of values (Welford's online algorithm: one pass, no cancellation).</summary>
internal struct OnlineStatistics
{
    private double _mean;
    private double _sumOfSquaredDeviations;

    public long Count { get; private set; }

    public readonly double Mean => _mean;

    public readonly double Variance => Count > 1 ? _sumOfSquaredDeviations / (Count - 1) : 0;

    public void Add(double value)
    {
        Count++;
        double delta = value - _mean;
        _mean += delta / Count;
        _sumOfSquaredDeviations += delta * (value - _mean);
    }
}

/// <summary>
/// Welch's two-sample t statistic between class 0 and class 1, kept online: t = (mean0 - mean1) /
/// sqrt(var0 / n0 + var1 / n1). Welch's form does not assume the two classes have the same variance.
/// </summary>
internal sealed class WelchTest
{
    private OnlineStatistics _class0;
    private OnlineStatistics _class1;

    public long Count => _class0.Count + _class1.Count;

    public void Add(double value, int inputClass)
    {
        if (inputClass == 0)
        {
            _class0.Add(value);
        }
        else
        {
            _class1.Add(value);
        }
    }

    /// <summary>The mean of a class so far (the second-order test centres each class on its own mean).</summary>
    public double MeanOf(int inputClass) => inputClass == 0 ? _class0.Mean : _class1.Mean;

    /// <summary>Welch's t; 0 until both classes have two values or while both variances are zero.</summary>
    public double T
    {
        get
        {
            if (_class0.Count < 2 || _class1.Count < 2)
            {
                return 0;
            }

            double standardError = Math.Sqrt(_class0.Variance / _class0.Count + _class1.Variance / _class1.Count);
            return standardError == 0 ? 0 : (_class0.Mean - _class1.Mean) / standardError;
        }
    }
}

/// <summary>
/// dudect's battery of t-tests over one stream of (time, class) pairs (Reparaz, Balasch, Verbauwhede, "Dude, is my
/// code constant time?", DATE 2017): one test on every measurement; one per cropping threshold, on the measurements
/// at or below that percentile of the first batch's times (long times are mostly interrupts and other processes, and
/// cropping them raises the test's power for small differences); and a second-order test on the squared distance of
/// each measurement from its class's running mean (it sees a difference in spread where the means agree). The
/// results are the largest first-order |t| among tests that have enough measurements, and the second-order |t|.
/// </summary>
internal sealed class LeakageStatistics
{
    private readonly WelchTest _all = new();
    private readonly WelchTest[] _cropped;
    private readonly double[] _percentiles;
    private readonly long[] _thresholds;
    private readonly WelchTest _secondOrder = new();

    public LeakageStatistics(int croppingThresholds)
    {
        // dudect's thresholds: 1 - 0.5^(10 (i + 1) / count), dense near the top, where the tail starts.
        _percentiles = new double[croppingThresholds];
        for (int i = 0; i < croppingThresholds; i++)
        {
            _percentiles[i] = 1 - Math.Pow(0.5, 10.0 * (i + 1) / croppingThresholds);
        }

        _cropped = new WelchTest[croppingThresholds];
        for (int i = 0; i < croppingThresholds; i++)
        {
            _cropped[i] = new WelchTest();
        }

        _thresholds = new long[croppingThresholds];
    }

    public bool HasThresholds { get; private set; }

    /// <summary>Sets the cropping thresholds from the times of the first batch (both classes together).</summary>
    public void SetThresholds(ReadOnlySpan<long> times)
    {
        long[] sorted = times.ToArray();
        Array.Sort(sorted);
        for (int i = 0; i < _percentiles.Length; i++)
        {
            _thresholds[i] = sorted[(int)Math.Min(sorted.Length - 1, Math.Floor(_percentiles[i] * sorted.Length))];
        }

        HasThresholds = true;
    }

    public void Add(long time, int inputClass)
    {
        double value = time;
        _all.Add(value, inputClass);
        for (int i = 0; i < _thresholds.Length; i++)
        {
            if (time <= _thresholds[i])
            {
                _cropped[i].Add(value, inputClass);
            }
        }

        // dudect starts the second-order test once the first-order means have settled. Unlike dudect, it leaves out
        // the times above the highest cropping threshold (the slowest 0.1% or so): squared, one interrupt of a few
        // milliseconds outweighs thousands of ordinary calls, and on a shared machine that alone gave |t| > 10.
        // The centre is the class mean of that same population (a mean over all the data would be pulled by those
        // interrupts, differently in each class, and the squared distances would differ for that reason alone).
        if (_all.Count > 10_000 && time <= _thresholds[^1])
        {
            double centred = value - _cropped[^1].MeanOf(inputClass);
            _secondOrder.Add(centred * centred, inputClass);
        }
    }

    /// <summary>
    /// The largest first-order |t| among the tests with at least <paramref name="minimumCount"/> measurements, which
    /// test it was and its difference of class means (class 0 minus class 1, in timer ticks), and the second-order |t|
    /// (0 until it has that many).
    /// </summary>
    public (double T, string Test, double SecondOrderT, double MeanDifference) Max(long minimumCount)
    {
        double best = 0;
        string where = "-";
        double difference = 0;
        for (int i = 0; i <= _cropped.Length; i++)
        {
            WelchTest test = Test(i);
            double t = Math.Abs(test.T);
            if (test.Count >= minimumCount && t > best)
            {
                best = t;
                where = TestName(i);
                difference = test.MeanOf(0) - test.MeanOf(1);
            }
        }

        double secondOrder = _secondOrder.Count >= minimumCount ? Math.Abs(_secondOrder.T) : 0;
        return (best, where, secondOrder, difference);
    }

    /// <summary>
    /// The signed t of every test, in a fixed order (all data, the cropping percentiles from lowest to highest, second
    /// order), NaN for a test with fewer than <paramref name="minimumCount"/> measurements: what a second acquisition
    /// of the same case is compared with, test by test (<see cref="TestName"/> names each index).
    /// </summary>
    public double[] SignedTs(long minimumCount)
    {
        var ts = new double[_cropped.Length + 2];
        for (int i = 0; i < ts.Length; i++)
        {
            WelchTest test = Test(i);
            ts[i] = test.Count >= minimumCount ? test.T : double.NaN;
        }

        return ts;
    }

    /// <summary>The name of test <paramref name="index"/> of <see cref="SignedTs"/> ("all", "p50", "2nd order").</summary>
    public string TestName(int index) =>
        index == 0 ? "all" : index == _cropped.Length + 1 ? "2nd order" : $"p{100 * _percentiles[index - 1]:0.#}";

    // Test number index in the order of SignedTs.
    private WelchTest Test(int index) => index == 0 ? _all : index == _cropped.Length + 1 ? _secondOrder : _cropped[index - 1];

    /// <summary>|t| of the test on every measurement (no cropping).</summary>
    public double AllDataT => Math.Abs(_all.T);
}
