using System.Runtime.CompilerServices;

// The tests compare the binding's struct layouts with the C header's.
[assembly: InternalsVisibleTo("LibShogi.Tests")]
