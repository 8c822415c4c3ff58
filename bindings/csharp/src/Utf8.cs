using System;
using System.Runtime.InteropServices;
using System.Text;

namespace LibShogi
{
    // UTF-8 marshalling by hand: the platform's default string marshalling
    // is ANSI on Windows, and the library speaks UTF-8 everywhere.
    internal static class Utf8
    {
        private static readonly UTF8Encoding Strict = new UTF8Encoding(false, false);

        // NUL-terminated UTF-8 bytes of s. Embedded NULs are rejected: the
        // library would silently see a shorter string.
        internal static byte[] Encode(string s, string paramName)
        {
            if (s == null)
                throw new ArgumentNullException(paramName);
            if (s.IndexOf('\0') >= 0)
                throw new ArgumentException("the text contains a NUL character", paramName);
            int n = Strict.GetByteCount(s);
            byte[] bytes = new byte[n + 1];
            Strict.GetBytes(s, 0, s.Length, bytes, 0);
            return bytes;
        }

        // The text in buf[offset..offset+max), up to the first NUL.
        internal static string Decode(byte[] buf, int offset, int max)
        {
            int end = offset;
            int limit = Math.Min(buf.Length, offset + max);
            while (end < limit && buf[end] != 0)
                end++;
            return Strict.GetString(buf, offset, end - offset);
        }

        // A NUL-terminated UTF-8 string owned by the library (static text).
        internal static string FromPointer(IntPtr p)
        {
            if (p == IntPtr.Zero)
                return null;
            int n = 0;
            while (Marshal.ReadByte(p, n) != 0)
                n++;
            byte[] bytes = new byte[n];
            Marshal.Copy(p, bytes, 0, n);
            return Strict.GetString(bytes);
        }
    }
}
